# bash completion for gridpress                                  -*- shell-script -*-
# Installed as share/bash-completion/completions/gridpress.

_gridpress() {
  local cur prev words cword
  _init_completion || return

  local commands="generate solve book grade spec preflight catalogue serve help"
  local cmd="" i
  for ((i = 1; i < cword; i++)); do
    case ${words[i]} in
      -*) ;;
      *) cmd=${words[i]}; break ;;
    esac
  done

  if [[ -z $cmd ]]; then
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W "--help -h --version -V" -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$commands" -- "$cur"))
    fi
    return
  fi

  # Values of options that take a fixed set of words, or a file.
  case $prev in
    --variant) COMPREPLY=($(compgen -W "classic x hyper jigsaw samurai killer even-odd thermo arrow greater-than consecutive kropki non-consecutive anti-knight anti-king sandwich futoshiki kenken" -- "$cur")); return ;;
    --regions) COMPREPLY=($(compgen -W "random symmetric" -- "$cur")); return ;;
    --givens) COMPREPLY=($(compgen -W "none some" -- "$cur")); return ;;
    --grid) COMPREPLY=($(compgen -W "4x4 5x5 6x6 7x7 8x8 9x9 12x12 16x16" -- "$cur")); return ;;
    --symmetry) COMPREPLY=($(compgen -W "none rotate180 rotate90 mirror flip diagonal antidiagonal dihedral" -- "$cur")); return ;;
    --fill) COMPREPLY=($(compgen -W "random diagonal pattern" -- "$cur")); return ;;
    --dedup) COMPREPLY=($(compgen -W "canonical exact" -- "$cur")); return ;;
    --difficulty) COMPREPLY=($(compgen -W "easy medium hard expert fiendish" -- "$cur")); return ;;
    --spread) COMPREPLY=($(compgen -W "even any" -- "$cur")); return ;;
    --rules) COMPREPLY=($(compgen -W "kdp none" -- "$cur")); return ;;
    --paper) COMPREPLY=($(compgen -W "white cream" -- "$cur")); return ;;
    --format)
      case $cmd in
        generate) COMPREPLY=($(compgen -W "line grid json csv" -- "$cur")) ;;
        grade) COMPREPLY=($(compgen -W "line json csv" -- "$cur")) ;;
        book) COMPREPLY=($(compgen -W "pdf svg png eps" -- "$cur")) ;;
        preflight) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
      esac
      return ;;
    -o | --output | --exclude | -c | --catalogue) _filedir; return ;;
    --box | --count | --first | --shard | --clues | --seed | -j | --jobs | --budget | --rating | --start-number | --trim | --pages) return ;;
  esac

  local opts=""
  case $cmd in
    generate) opts="--variant --regions --givens --grid --box --count --first --shard --clues --symmetry --fill --minimal --seed -j --jobs -q --quiet --budget --exclude --dedup --catalogue --with-solution --format --difficulty --rating --spread" ;;
    solve) opts="--variant --count --stats --max-nodes" ;;
    book) opts="-o --output --format -j --jobs --seed --start-number --catalogue --force --replace-published --reprint -q --quiet --keep-partial --strict" ;;
    grade) opts="--format --explain --variant --max-nodes" ;;
    spec) opts="--resolved --profiles" ;;
    serve) opts="--port --host --no-browser" ;;
    preflight) opts="--rules --trim --bleed --paper --strict --format --cover --pages" ;;
    catalogue)
      local sub=""
      for ((i = i + 1; i < cword; i++)); do
        case ${words[i]} in
          -*) ;;
          *) sub=${words[i]}; break ;;
        esac
      done
      case $sub in
        "") COMPREPLY=($(compgen -W "import list check stats" -- "$cur")); return ;;
        list) opts="-c --catalogue --since --format" ;;
        *) opts="-c --catalogue" ;;
      esac ;;
    help) COMPREPLY=($(compgen -W "$commands" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
    return
  fi
  case $cmd in
    book | spec) _filedir '@(yaml|yml)' ;;
    preflight) _filedir '@(pdf|yaml|yml)' ;;
    solve | grade | catalogue) _filedir ;;
    serve) _filedir -d ;;
  esac
}
complete -F _gridpress gridpress
