// Internal to pdfcheck: a document qpdf has changed, written to memory with the same bytes for
// the same input (deterministic /ID), streams compressed (the DeviceGray and page-box passes).
#pragma once

#include <memory>
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>
#include <string>

namespace gp::pdfcheck::detail {

inline std::string written(QPDF& pdf) {
  QPDFWriter writer(pdf);
  writer.setOutputMemory();
  writer.setDeterministicID(true);
  writer.setStreamDataMode(qpdf_s_compress);
  writer.write();
  const std::shared_ptr<Buffer> out = writer.getBufferSharedPointer();
  return std::string(reinterpret_cast<const char*>(out->getBuffer()), out->getSize());
}

}  // namespace gp::pdfcheck::detail
