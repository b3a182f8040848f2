# fish completion for gridpress. Installed as share/fish/vendor_completions.d/gridpress.fish.

set -l commands generate solve book grade spec preflight catalogue serve help
complete -c gridpress -f
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -s h -l help -d 'Show help'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -s V -l version -d 'Show version and commit'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a generate -d 'Generate new puzzles with a unique solution'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a solve -d 'Solve puzzles, or count their solutions'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a book -d 'Make a print-ready book from a YAML spec'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a grade -d 'Rate puzzles on the Sudoku Explainer scale'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a spec -d 'Check a book spec, or show it resolved'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a preflight -d 'Check a finished PDF against the print rules'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a catalogue -d 'The catalogue of published puzzles'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a serve -d 'The studio: a local web page'
complete -c gridpress -n "not __fish_seen_subcommand_from $commands" -a help -d 'Show the help of a command'
complete -c gridpress -n "__fish_seen_subcommand_from help" -a "$commands"

# generate
set -l g "__fish_seen_subcommand_from generate"
complete -c gridpress -n $g -l variant -x -a 'classic x hyper jigsaw samurai killer even-odd thermo arrow greater-than consecutive kropki non-consecutive anti-knight anti-king sandwich futoshiki kenken' -d 'Rules'
complete -c gridpress -n $g -l regions -x -a 'random symmetric' -d 'Jigsaw region layouts'
complete -c gridpress -n $g -l givens -x -a 'none some' -d 'Killer givens'
complete -c gridpress -n $g -l grid -x -a '4x4 5x5 6x6 7x7 8x8 9x9 12x12 16x16' -d 'Grid size'
complete -c gridpress -n $g -l box -x -d 'Box shape ROWSxCOLS'
complete -c gridpress -n $g -l count -x -d 'Number of puzzles'
complete -c gridpress -n $g -l first -x -d 'Index of the first puzzle'
complete -c gridpress -n $g -l shard -x -d 'Part K of N of the run'
complete -c gridpress -n $g -l clues -x -d 'Exact clue count K, or a range A-B'
complete -c gridpress -n $g -l symmetry -x -a 'none rotate180 rotate90 mirror flip diagonal antidiagonal dihedral' -d 'Clue symmetry'
complete -c gridpress -n $g -l fill -x -a 'random diagonal pattern' -d 'Full-grid fill'
complete -c gridpress -n $g -l minimal -d 'Only puzzles where every clue is needed'
complete -c gridpress -n $g -l seed -x -d 'Seed'
complete -c gridpress -n $g -s j -l jobs -x -d 'Worker threads'
complete -c gridpress -n $g -s q -l quiet -d 'No progress line'
complete -c gridpress -n $g -l budget -x -d 'Give up after this many seconds'
complete -c gridpress -n $g -l exclude -r -F -d 'Skip puzzles equivalent to any in FILE'
complete -c gridpress -n $g -l dedup -x -a 'canonical exact' -d 'Which puzzles count as the same'
complete -c gridpress -n $g -l catalogue -r -F -d 'Skip and record puzzles in this catalogue'
complete -c gridpress -n $g -l with-solution -d 'Print each solution too'
complete -c gridpress -n $g -l format -x -a 'line grid json csv' -d 'Output format'
complete -c gridpress -n $g -l difficulty -x -a 'easy medium hard expert fiendish' -d 'SE band'
complete -c gridpress -n $g -l rating -x -d 'SE rating range A-B'
complete -c gridpress -n $g -l spread -x -a 'even any' -d 'Ratings spread over the band or as they come'

# solve
set -l s "__fish_seen_subcommand_from solve"
complete -c gridpress -n $s -F
complete -c gridpress -n $s -l variant -x -a 'classic x hyper jigsaw samurai killer even-odd thermo arrow greater-than consecutive kropki non-consecutive anti-knight anti-king sandwich futoshiki kenken' -d 'Rules of every line'
complete -c gridpress -n $s -l count -d 'Print the number of solutions'
complete -c gridpress -n $s -l stats -d 'Print timing on stderr'
complete -c gridpress -n $s -l max-nodes -x -d 'Give a puzzle up after this many search nodes'

# book
set -l b "__fish_seen_subcommand_from book"
complete -c gridpress -n $b -F
complete -c gridpress -n $b -s o -l output -r -F -d 'Output file'
complete -c gridpress -n $b -l format -x -a 'pdf svg png eps' -d 'Output format'
complete -c gridpress -n $b -s j -l jobs -x -d 'Generator threads'
complete -c gridpress -n $b -l seed -x -d 'Book seed'
complete -c gridpress -n $b -l start-number -x -d 'Newspaper runs: number of the first puzzle'
complete -c gridpress -n $b -l catalogue -r -F -d 'Catalogue of published puzzles'
complete -c gridpress -n $b -l force -d 'Books: replace files the catalogue lists as published'
complete -c gridpress -n $b -l replace-published -d 'Replace published files (newspapers too), naming each'
complete -c gridpress -n $b -l reprint -d 'Rebuild a published book with exactly its puzzles (a cover or typo fix)'
complete -c gridpress -n $b -s q -l quiet -d 'No progress and no summary line'
complete -c gridpress -n $b -l keep-partial -d 'A section out of budget keeps what it made'
complete -c gridpress -n $b -l strict -d 'Print problems fail the command, the cover\'s too'

# grade
set -l r "__fish_seen_subcommand_from grade"
complete -c gridpress -n $r -F
complete -c gridpress -n $r -l format -x -a 'line json csv' -d 'Output format'
complete -c gridpress -n $r -l explain -d 'Print the solve path'
complete -c gridpress -n $r -l variant -x -a 'classic x hyper' -d 'Rules of every line'
complete -c gridpress -n $r -l max-nodes -x -d 'Give a puzzle up after this many search nodes'

# spec
set -l p "__fish_seen_subcommand_from spec"
complete -c gridpress -n $p -F
complete -c gridpress -n $p -l resolved -d 'Print the spec with profile and defaults applied'
complete -c gridpress -n $p -l profiles -d 'List the profiles that can be named'

# serve
set -l w "__fish_seen_subcommand_from serve"
complete -c gridpress -n $w -a '(__fish_complete_directories)'
complete -c gridpress -n $w -l port -x -d 'The port to listen on'
complete -c gridpress -n $w -l host -x -d 'The address to listen on'
complete -c gridpress -n $w -l no-browser -d 'Do not open the page in the default browser'

# preflight
set -l f "__fish_seen_subcommand_from preflight"
complete -c gridpress -n $f -F
complete -c gridpress -n $f -l rules -x -a 'kdp none' -d 'Rule set'
complete -c gridpress -n $f -l trim -x -d 'Expected trim size'
complete -c gridpress -n $f -l bleed -d 'Pages carry bleed'
complete -c gridpress -n $f -l strict -d 'Exit with 1 on any problem'
complete -c gridpress -n $f -l format -x -a 'text json' -d 'Output format'
complete -c gridpress -n $f -l cover -d 'FILE is a full-wrap cover'
complete -c gridpress -n $f -l pages -x -d 'Interior page count (with --cover)'
complete -c gridpress -n $f -l paper -x -a 'white cream' -d 'Paper: white or cream (page limits, cover spine)'

# catalogue
set -l c "__fish_seen_subcommand_from catalogue"
complete -c gridpress -n "$c; and not __fish_seen_subcommand_from import list check stats" -a 'import list check stats'
complete -c gridpress -n $c -F
complete -c gridpress -n $c -s c -l catalogue -r -F -d 'The catalogue file'
complete -c gridpress -n "$c; and __fish_seen_subcommand_from list" -l since -x -d 'Only puzzles recorded since this date'
complete -c gridpress -n "$c; and __fish_seen_subcommand_from list" -l format -x -a 'csv json' -d 'Output format'
