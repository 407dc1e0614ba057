# SPDX-License-Identifier: BSD-3-Clause
# skampi.bash -- bash completion for skampi, skampi-report, skampi-run,
# skampi-merge and skampi-db: their options, skampi-db's commands and
# selection words, the names of the shipped suites, and files of the
# kind each argument takes.  make install puts it into bash-completion's
# directory once for each program (completion/local.mk); by hand:
#   . completion/skampi.bash
# zsh takes it through its bash emulation:
#   autoload -U bashcompinit && bashcompinit && . completion/skampi.bash
# Nothing but bash itself is needed (no bash-completion helpers), and no
# program is run.  tests/install/completion.sh drives it, and holds each
# option list below equal to the program's --help.

_skampi_opts_skampi='--suite -o --output -q --quiet --fresh --timeout --timer
  --shuffle --no-interleave --grid-from --no-postproc --log --check --np
  --list -h --help -V --version'
_skampi_opts_report='-o --output -p --params --csv --script --runs --compare
  -h --help -V --version'
_skampi_opts_run='-n --runs --precision --max-runs --max-time -np --np
  --launcher --seed --no-report --db --push --tag --grid-from --resume -o
  --output -h --help -V --version'
_skampi_opts_merge='-o --output --precision -h --help -V --version'
_skampi_opts_db='--db --machine --tag --library --np --since --suite --format
  -o --output --from --to --linear-x --argument --alpha --permutations
  --baseline --candidate --match --fdr --min-effect --listen --allow-upload
  --public-url --draw-seconds --url --token --timeout --force -q --quiet
  -h --help -V --version'
_skampi_db_commands='import list show export rm suites query compare plot
  history serve token push publish'
_skampi_db_words='all latest latest= machine= library= np= tag= kind=run
  kind=merged campaign= since= until='

# _skampi_options PROGRAM: the options of PROGRAM (skampi, skampi-report,
# skampi-run, skampi-merge, skampi-db), one a line.
_skampi_options() {
  local v
  case $1 in
    skampi) v=$_skampi_opts_skampi ;;
    skampi-report) v=$_skampi_opts_report ;;
    skampi-run) v=$_skampi_opts_run ;;
    skampi-merge) v=$_skampi_opts_merge ;;
    skampi-db) v=$_skampi_opts_db ;;
  esac
  printf '%s\n' $v
}

# _skampi_suite_names PROGRAM: the names of the suites PROGRAM finds by
# name (doc/install.md, "A suite by name"): those of $SKAMPI_SUITE_PATH,
# the data directory beside the program's bin/ (../share/skampi), and,
# for a skampi of a build tree, the tree's suites/.
_skampi_suite_names() {
  local bin d f dirs=()
  IFS=: read -r -a dirs <<< "${SKAMPI_SUITE_PATH-}"
  bin=$(type -P "$1" 2> /dev/null)
  if [ -n "$bin" ]; then
    bin=${bin%/*}
    dirs+=("$bin/../share/skampi" "$bin/../suites")
  fi
  for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ -d "$d" ] || continue
    for f in "$d"/*.skampi; do
      [ -f "$f" ] || continue
      f=${f##*/}
      printf '%s\n' "${f%.skampi}"
    done
  done | sort -u
}

# _skampi_add WORDS...: the words that start with $cur into COMPREPLY
_skampi_add() {
  local w
  for w in "$@"; do
    [[ $w == "$cur"* ]] && COMPREPLY+=("$w")
  done
}

# _skampi_files [GLOB]: directories, and the files that match GLOB
# (every file without one)
_skampi_files() {
  local f
  compopt -o filenames 2> /dev/null
  while IFS= read -r f; do
    if [ -d "$f" ]; then COMPREPLY+=("$f/")
    elif [ -z "${1-}" ] || [[ $f == $1 ]]; then COMPREPLY+=("$f")
    fi
  done < <(compgen -f -- "$cur")
  [ ${#COMPREPLY[@]} -eq 1 ] && [[ ${COMPREPLY[0]} == */ ]] &&
    compopt -o nospace 2> /dev/null
  return 0
}

# _skampi_dirs: directories only
_skampi_dirs() {
  local f
  compopt -o filenames 2> /dev/null
  while IFS= read -r f; do COMPREPLY+=("$f/"); done < <(compgen -d -- "$cur")
  compopt -o nospace 2> /dev/null
  return 0
}

# _skampi_complete: the completion function of all five programs (the
# program is COMP_WORDS[0]).
_skampi_complete() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev= prog=${COMP_WORDS[0]##*/}
  [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if [[ $cur == -* ]]; then
    # an option (a negative number is no argument any option takes)
    _skampi_add $(_skampi_options "$prog")
    return 0
  fi
  case $prog in
    skampi) _skampi_complete_skampi ;;
    skampi-report) _skampi_complete_report ;;
    skampi-run) _skampi_complete_run ;;
    skampi-merge) _skampi_complete_merge ;;
    skampi-db) _skampi_complete_db ;;
  esac
  return 0
}

_skampi_complete_skampi() {
  case $prev in
    -o|--output|--grid-from) _skampi_files '*.yaml' ;;
    --log) _skampi_files ;;
    --timer) _skampi_add MPI_Wtime monotonic rdtscp ;;
    --suite) _skampi_add $(_skampi_suite_names "${COMP_WORDS[0]}") ;;
    --timeout|--np) ;;
    *) _skampi_add $(_skampi_suite_names "${COMP_WORDS[0]}")
       _skampi_files '*.skampi' ;;
  esac
}

_skampi_complete_report() {
  case $prev in
    -o|--output) _skampi_files '*.pdf' ;;
    -p|--params) _skampi_files '*.yaml' ;;
    --csv) _skampi_dirs ;;
    --script) _skampi_files ;;
    *) _skampi_files '*.yaml' ;;   # result files, skampi-run directories
  esac
}

_skampi_complete_run() {
  case $prev in
    -o|--output|--resume) _skampi_dirs ;;
    --db) _skampi_files '*.db' ;;
    --grid-from) _skampi_files '*.yaml' ;;
    --launcher) compopt -o default 2> /dev/null; COMPREPLY=($(compgen -c -- "$cur")) ;;
    -n|--runs|--precision|--max-runs|--max-time|-np|--np|--seed|--push|--tag) ;;
    *) _skampi_add $(_skampi_suite_names "${COMP_WORDS[0]}")
       _skampi_files '*.skampi' ;;
  esac
}

_skampi_complete_merge() {
  case $prev in
    --precision) ;;
    *) _skampi_files '*.yaml' ;;
  esac
}

# skampi-db's command: its first word that is neither an option nor an
# option's argument
_skampi_db_command() {
  local i w
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    case $w in
      --db|--machine|--tag|--library|--np|--since|--suite|--format|-o|\
      --output|--from|--to|--argument|--alpha|--permutations|--baseline|\
      --candidate|--match|--fdr|--min-effect|--listen|--public-url|\
      --draw-seconds|--url|--token|--timeout) i=$((i + 1)) ;;
      -*) ;;
      *) printf '%s\n' "$w"; return ;;
    esac
  done
}

_skampi_complete_db() {
  local cmd
  cmd=$(_skampi_db_command)
  case $prev in
    --db) _skampi_files '*.db'; return ;;
    -o|--output)
      case $cmd in export) _skampi_files '*.yaml' ;; *) _skampi_files ;; esac
      return ;;
    --format)
      case $cmd in
        query) _skampi_add csv yaml json ;;
        compare) _skampi_add table csv yaml json junit ;;
        history) _skampi_add table csv yaml json ;;
        *) _skampi_add table json ;;
      esac
      return ;;
    --from) [ "$cmd" = import ] && _skampi_add osu imb; return ;;
    --machine|--tag|--library|--np|--since|--suite|--to|--argument|--alpha|\
    --permutations|--baseline|--candidate|--match|--fdr|--min-effect|\
    --listen|--public-url|--draw-seconds|--url|--token|--timeout) return ;;
  esac
  case $cmd in
    '') _skampi_add $_skampi_db_commands ;;
    token)
      [ "$prev" = token ] && _skampi_add add list revoke ;;
    import|push) _skampi_files '*.yaml' ;;
    publish)
      if [ "$prev" = publish ]; then _skampi_dirs
      else _skampi_add $_skampi_db_words; fi ;;
    serve) ;;
    *) _skampi_add $_skampi_db_words ;;
  esac
  # a selection word that ends in "=" takes its value: no space after it
  [ ${#COMPREPLY[@]} -eq 1 ] && [[ ${COMPREPLY[0]} == *= ]] &&
    compopt -o nospace 2> /dev/null
  return 0
}

complete -F _skampi_complete skampi skampi-report skampi-run skampi-merge skampi-db
