// Which environment variables an admin may give a stdio MCP server. The operator's allow-list decides
// which program runs; these variables would let whoever configures the server change the code that
// program loads or runs anyway (a preloaded library, a runtime's "require this first" option, a shell's
// startup file …), so they are refused when the server is saved and again when it is spawned.
// The list and its reasons: docs/decisions/027-mcp-stdio-isolation.md.

/** Set by Switchboard itself: a minimal PATH, and HOME in the sandbox's private /tmp. */
const RESERVED = /^(PATH|HOME)$/i;

const INJECTION = new RegExp(
  "^(" +
    [
      // the dynamic loader and the C library
      "LD_.*",
      "DYLD_.*",
      "GLIBC_TUNABLES",
      "GCONV_PATH",
      "LOCPATH",
      "NLSPATH",
      "MALLOC_.*",
      "HOSTALIASES",
      "RESOLV_HOST_CONF",
      // Node.js and npm
      "NODE_OPTIONS",
      "NODE_PATH",
      "NODE_REPL_EXTERNAL_MODULE",
      "NPM_CONFIG_.*",
      // Python (all but a few harmless switches)
      "PYTHON(?!(UNBUFFERED|IOENCODING|DONTWRITEBYTECODE|UTF8|HASHSEED)$).*",
      // Perl, Ruby
      "PERL.*",
      "RUBYOPT",
      "RUBYLIB",
      "RUBYSHELL",
      "GEM_HOME",
      "GEM_PATH",
      // shells
      "BASH_ENV",
      "ENV",
      "BASH_FUNC_.*",
      "SHELLOPTS",
      "BASHOPTS",
      "PS4",
      "PROMPT_COMMAND",
      "IFS",
      "CDPATH",
      "GLOBIGNORE",
      "ZDOTDIR",
      // JVM, .NET, Go
      "JAVA_TOOL_OPTIONS",
      "_JAVA_OPTIONS",
      "JDK_JAVA_OPTIONS",
      "CLASSPATH",
      "DOTNET_.*",
      "CORECLR_.*",
      "COR_.*",
      "GOFLAGS",
      "GOENV",
      // programs that run other programs named in the environment
      "GIT_.*",
      "OPENSSL_CONF",
      "OPENSSL_ENGINES",
      "OPENSSL_MODULES",
      "EDITOR",
      "VISUAL",
      "PAGER",
      "BROWSER",
      "LESSOPEN",
      "LESSCLOSE",
      "SSH_ASKPASS",
      "SUDO_ASKPASS",
    ].join("|") +
    ")$",
  "i",
);

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why `name` may not be given to a stdio MCP server, or null when it may. */
export function stdioEnvRefusal(name: string): string | null {
  if (!NAME.test(name))
    return `Environment variable name ${JSON.stringify(name)} is not valid: use letters, digits and underscores, not starting with a digit`;
  if (RESERVED.test(name))
    return `Environment variable ${name} is set by Switchboard for stdio MCP servers and cannot be configured`;
  if (INJECTION.test(name))
    return `Environment variable ${name} is not allowed for stdio MCP servers: it can change the code the server runs`;
  return null;
}
