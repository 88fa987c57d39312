/// The scripts `completions SHELL` prints. Each only hands the line typed
/// so far to `scorekeeper __complete` and shows its answer (`Completer`
/// decides), so the three shells offer the same words, and a new command
/// or option needs no new script.
enum CompletionScript {
  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    case "fish": fish
    default: nil
    }
  }

  // `-o filenames` has readline quote the words as it quotes file names:
  // Poker\ night, or inside the quote the user opened.
  static let bash = #"""
    # bash completion for scorekeeper, made by "scorekeeper completions bash".
    # Install it as ~/.local/share/bash-completion/completions/scorekeeper, or
    # source it from ~/.bashrc.
    _scorekeeper() {
      local IFS=$'\n' line
      local -a answer
      answer=($(command "${COMP_WORDS[0]}" __complete "${COMP_LINE:0:COMP_POINT}" 2>/dev/null)) || return
      COMPREPLY=()
      case ${answer[0]-} in
      :files) compopt -o default ;;
      :words)
        for line in "${answer[@]:1}"; do COMPREPLY+=("${line%%$'\t'*}"); done
        compopt -o filenames
        ;;
      esac
    }
    complete -F _scorekeeper scorekeeper

    """#

  static let zsh = #"""
    #compdef scorekeeper
    # zsh completion for scorekeeper, made by "scorekeeper completions zsh".
    # Install it as _scorekeeper in a directory on $fpath.
    local -a answer described
    local line
    answer=("${(@f)$(command ${(Q)words[1]} __complete "${BUFFER[1,CURSOR]}" 2>/dev/null)}")
    case ${answer[1]} in
    :files) _files ;;
    :words)
      for line in "${(@)answer[2,-1]}"; do
        if [[ $line == *$'\t'* ]]; then
          described+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
        else
          described+=("${line//:/\\:}")
        fi
      done
      _describe -t values scorekeeper described
      ;;
    esac

    """#

  static let fish = #"""
    # fish completion for scorekeeper, made by "scorekeeper completions fish".
    # Install it as ~/.config/fish/completions/scorekeeper.fish.
    function __scorekeeper_complete
        set -l program (commandline -opc)[1]
        set -l answer (command $program __complete (commandline -cp) 2>/dev/null)
        switch "$answer[1]"
            case :files
                __fish_complete_path (commandline -ct)
            case :words
                printf '%s\n' $answer[2..-1]
        end
    end
    complete -c scorekeeper -f -a '(__scorekeeper_complete)'

    """#
}
