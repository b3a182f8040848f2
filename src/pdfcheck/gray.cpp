// DeviceGray rewrite of a grey-only PDF (see gray.hpp).
#include "pdfcheck/gray.hpp"

#include <qpdf/Pl_String.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <cstdlib>
#include <set>
#include <vector>

#include "pdfcheck/writer.hpp"

namespace gp::pdfcheck {
namespace {

using Token = QPDFTokenizer::Token;

// Turns "r r r rg" into "r g" (and RG into G); notes the first colour it cannot turn into a grey.
class GrayFilter final : public QPDFObjectHandle::TokenFilter {
 public:
  void handleToken(const Token& token) override {
    if (token.getType() != QPDFTokenizer::tt_word) {
      pending_.push_back(token);
      return;
    }
    const std::string& op = token.getValue();
    static const std::set<std::string> kOtherColour = {"cs", "CS", "sc", "SC", "scn", "SCN", "k", "K", "sh"};
    if (op == "rg" || op == "RG") {
      std::vector<const Token*> operands;
      for (const Token& t : pending_)
        if (t.getType() != QPDFTokenizer::tt_space && t.getType() != QPDFTokenizer::tt_comment)
          operands.push_back(&t);
      const auto number = [](const Token* t) {
        return t->getType() == QPDFTokenizer::tt_integer || t->getType() == QPDFTokenizer::tt_real;
      };
      if (operands.size() == 3 && number(operands[0]) && number(operands[1]) && number(operands[2]) &&
          std::strtod(operands[0]->getValue().c_str(), nullptr) ==
              std::strtod(operands[1]->getValue().c_str(), nullptr) &&
          std::strtod(operands[1]->getValue().c_str(), nullptr) ==
              std::strtod(operands[2]->getValue().c_str(), nullptr)) {
        for (const Token& t : pending_) {  // the white space before the operands stays
          if (t.getType() != QPDFTokenizer::tt_space) break;
          writeToken(t);
        }
        write(operands[0]->getValue() + (op == "rg" ? " g" : " G"));
        pending_.clear();
        return;
      }
      std::string shown;
      for (const Token* t : operands) shown += t->getRawValue() + " ";
      note("a colour that is not grey (" + shown + op + ")");
    } else if (kOtherColour.count(op)) {
      note("a colour operator other than a grey ('" + op + "')");
    }
    flush();
    writeToken(token);
  }

  void handleEOF() override { flush(); }

  const std::string& problem() const { return problem_; }

 private:
  void flush() {
    for (const Token& t : pending_) writeToken(t);
    pending_.clear();
  }
  void note(const std::string& what) {
    if (problem_.empty()) problem_ = what;
  }

  std::vector<Token> pending_;  // operands and white space since the last operator
  std::string problem_;
};

// A transparency group blended in DeviceRGB would mix the greys back into colour.
void gray_group(QPDFObjectHandle dict) {
  QPDFObjectHandle group = dict.getKey("/Group");
  if (group.isDictionary() && group.hasKey("/CS")) group.replaceKey("/CS", QPDFObjectHandle::newName("/DeviceGray"));
}

}  // namespace

Result<std::string> to_device_gray(std::string_view data) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("pdf", data.data(), data.size());
    int page_no = 0;
    std::string problem;
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
      ++page_no;
      const std::string where = "page " + std::to_string(page_no) + ": ";
      const auto rewrite = [&](auto&& filter_into, auto&& replace) {
        GrayFilter filter;
        std::string out;
        Pl_String sink("gray content", nullptr, out);
        filter_into(filter, sink);
        if (!filter.problem().empty() && problem.empty()) problem = where + filter.problem();
        replace(out);
      };
      rewrite([&](GrayFilter& f, Pl_String& sink) { page.filterContents(&f, &sink); },
              [&](const std::string& out) {
                page.getObjectHandle().replaceKey("/Contents", QPDFObjectHandle::newStream(&pdf, out));
              });
      gray_group(page.getObjectHandle());
      page.forEachFormXObject(true, [&](QPDFObjectHandle& form, QPDFObjectHandle&, const std::string&) {
        rewrite([&](GrayFilter& f, Pl_String& sink) { form.filterAsContents(&f, &sink); },
                [&](const std::string& out) {
                  form.replaceStreamData(out, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
                });
        gray_group(form.getDict());
      });
      page.forEachImage(true, [&](QPDFObjectHandle& image, QPDFObjectHandle&, const std::string&) {
        QPDFObjectHandle dict = image.getDict();
        const bool mask = dict.getKey("/ImageMask").isBool() && dict.getKey("/ImageMask").getBoolValue();
        QPDFObjectHandle cs = dict.getKey("/ColorSpace");
        if (!mask && !(cs.isName() && cs.getName() == "/DeviceGray") && problem.empty())
          problem = where + "an image that is not in DeviceGray";
      });
    }
    if (!problem.empty()) return Error(problem + ": it cannot be printed on the black plate alone");
    return detail::written(pdf);
  } catch (const std::exception& e) {
    return Error(std::string("cannot rewrite the PDF in DeviceGray: ") + e.what());
  }
}

}  // namespace gp::pdfcheck
