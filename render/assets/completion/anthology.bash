# bash completion for anthology. Load it with: source <(anthology completion bash)
# Flags come from each command's --help; node ids and tags from `anthology completion ids|tags`, which
# reads the index as the last command left it (never updating or creating one) and gives up after 200 ms.

# Runs `anthology completion ARGS` against the corpus named on the command line being completed.
_anthology_candidates() {
  local -a where=()
  local i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      --corpus | --index) where+=("${COMP_WORDS[i]}" "${COMP_WORDS[i + 1]}") ;;
    esac
  done
  "${COMP_WORDS[0]}" completion "$@" "${where[@]}" 2>/dev/null
}

_anthology() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
  local commands="build lint query show path neighbors origin kernels export completion"
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
    return
  fi
  local cmd="${COMP_WORDS[1]}" words=""
  case "$prev" in
    --corpus) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return ;;
    --index | --out) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    --cxx) mapfile -t COMPREPLY < <(compgen -c -- "$cur"); return ;;
    --format)
      case "$cmd" in
        query | neighbors) words="table json csv ids" ;;
        lint) words="text json sarif" ;;
        export) words="json graphml dot" ;;
        *) words="text json" ;;
      esac ;;
    --kind) words="lit note sota theory term" ;;
    --sort) words="id title year status relevance" ;;
    --status) words="active superseded retracted read partial queued candidate adopted contested retired proved conjectured refuted" ;;
    --via | --relation) words="introduced_by source paper supersedes cites compared_against contested_by read_as declines_origin_of related origin mentions" ;;
    --color) words="auto always never" ;;
    --tag) words="$(_anthology_candidates tags)" ;;
    --introduced-by | --source) words="$(_anthology_candidates ids lit)" ;;
    --year | --limit | --depth | --max-warnings | --text | --sql | --explain | --timeout | --max-rows | --cxxflags) return ;;
    *)
      if [[ "$cur" == -* ]]; then
        words="$("${COMP_WORDS[0]}" "$cmd" --help 2>/dev/null | sed -n 's/^  \(--[a-z-]*\).*/\1/p')"
      else
        case "$cmd" in
          show | path | neighbors) words="$(_anthology_candidates ids)" ;;
          origin) words="$(_anthology_candidates ids sota)" ;;
          completion) words="bash zsh" ;;
          kernels)
            if ((COMP_CWORD == 2)); then words="list emit check"
            else words="$(_anthology_candidates ids sota theory)"; fi ;;
          lint | build) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
        esac
      fi ;;
  esac
  mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
}

complete -F _anthology anthology
