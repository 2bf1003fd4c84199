// MCP_STDIO_ALLOWLIST `{ "<command>": ["<argument>" | "<prefix>*", …] }`, checked against the file
// system rather than the text, when a server is saved and again at every spawn:
// - the command is resolved (a bare name through PATH, `..` and symlinks through realpath) and must be
//   the same file as an allow-listed command; that real file is what runs;
// - what a `*` matches may not hold a `..` segment;
// - a prefix that is an absolute path (`/srv/mcp/*`, or a flag's value `--root=/srv/mcp/*`) must also
//   hold the argument's real path: a symlink that leads out of the prefix is refused;
// - nothing may lie in DATA_DIR.
// The result says which host folders the sandbox shows read-only (stdio-sandbox.ts).
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { AppError } from "../errors";

export interface StdioPlan {
  /** The command's real path: the file checked is the file run. */
  program: string;
  args: string[];
  /** [host real path, where the sandbox shows it], shown read-only. */
  mounts: Array<[string, string]>;
}

type Mount = [string, string];
type ArgMatch = { mounts: Mount[] } | { refusal: string } | null;

/** An absolute path, bare or as a flag's value: `/srv/x` or `--root=/srv/x` → [lead, path]. */
const PATH_ARG = /^([^/=]*=)?(\/.*)$/s;

const realpath = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
};

export const isInside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent === "/" ? "/" : `${parent}/`);

/** A command's real path; a bare name is looked up in this process's PATH as a shell would. */
export function resolveCommand(command: string): string | null {
  const dirs = (process.env.PATH ?? "").split(":").filter((d) => path.isAbsolute(d));
  const candidates = command.includes("/") ? [path.resolve(command)] : dirs.map((d) => path.join(d, command));
  for (const candidate of candidates) {
    const real = realpath(candidate);
    if (real && statSync(real).isFile()) return real;
  }
  return null;
}

/** A file's folder, or the folder itself: what a program named by the path needs beside it. */
function folderOf(real: string, lexical: string): Mount {
  return statSync(real).isDirectory() ? [real, lexical] : [path.dirname(real), path.dirname(lexical)];
}

function matchExact(arg: string): ArgMatch {
  const p = PATH_ARG.exec(arg);
  const real = p && realpath(p[2]!);
  return { mounts: real ? [folderOf(real, path.resolve(p[2]!))] : [] };
}

function matchWildcard(pattern: string, arg: string): ArgMatch {
  const prefix = pattern.slice(0, -1);
  if (!arg.startsWith(prefix)) return null;
  if (arg.slice(prefix.length).split(/[\\/]/).includes("..")) return { refusal: "it must not contain .. segments" };
  const p = PATH_ARG.exec(prefix);
  if (!p) return { mounts: [] };
  const [, lead = "", pathPrefix = ""] = p;
  const target = arg.slice(lead.length);
  const dir = pathPrefix.endsWith("/") ? pathPrefix : path.dirname(pathPrefix);
  const namePrefix = pathPrefix.endsWith("/") ? "" : path.basename(pathPrefix);
  const realDir = realpath(dir);
  const realTarget = realpath(target);
  if (!realDir || !realTarget) return { refusal: `${target} does not exist on this server` };
  const rel = path.relative(realDir, realTarget);
  const first = rel.split(path.sep)[0]!;
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) || !first.startsWith(namePrefix)) {
    return { refusal: `it leads outside ${pathPrefix} through a symbolic link` };
  }
  return { mounts: [[realDir, path.resolve(dir)]] };
}

/** Node looks for packages in node_modules folders up the tree from a script. */
function nodeModulesAbove(dest: string): Mount[] {
  const found: Mount[] = [];
  for (let dir = dest; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules");
    const real = realpath(candidate);
    if (real && statSync(real).isDirectory()) found.push([real, candidate]);
    if (dir === path.dirname(dir)) return found;
  }
}

function commandNotAllowed(allowlist: Record<string, string[]>, command: string) {
  const keys = Object.keys(allowlist);
  return new AppError(
    "bad_request",
    keys.length
      ? `Command ${command} is not allowed for stdio MCP servers (allowed: ${keys.join(", ")})`
      : "Stdio MCP servers are disabled on this server: the operator has not allowed any command",
  );
}

/** Checks a stdio server against the allow-list; throws a 400 in the admin's terms when refused. */
export function checkStdioAllowed(
  allowlist: Record<string, string[]>,
  command: string,
  args: string[],
  dataDir?: string,
): StdioPlan {
  if (!Object.keys(allowlist).length) throw commandNotAllowed(allowlist, command);
  const program = resolveCommand(command);
  // Every spelling of the same file counts ("node" and "/usr/bin/node"): their arguments add up.
  const keys = program ? Object.keys(allowlist).filter((k) => resolveCommand(k) === program) : [];
  if (!program || !keys.length) {
    if (allowlist[command]) throw new AppError("bad_request", `Command ${command} was not found on this server`);
    throw commandNotAllowed(allowlist, command);
  }
  const mounts: Mount[] = [[path.dirname(program), path.dirname(program)]];
  for (const arg of args) {
    const refuse = (why?: string) =>
      new AppError(
        "bad_request",
        `Argument ${JSON.stringify(arg)} is not allowed for ${command}${why ? `: ${why}` : ""}`,
      );
    const matches = keys
      .flatMap((k) => allowlist[k]!)
      .map((a) => (a.endsWith("*") ? matchWildcard(a, arg) : a === arg ? matchExact(arg) : null));
    const ok = matches.find((m) => m && "mounts" in m);
    if (!ok || !("mounts" in ok)) {
      const refused = matches.find((m) => m && "refusal" in m);
      throw refuse(refused && "refusal" in refused ? refused.refusal : undefined);
    }
    mounts.push(...ok.mounts);
  }
  const all = [...mounts, ...mounts.flatMap(([, dest]) => nodeModulesAbove(dest))];
  const realData = dataDir && realpath(dataDir);
  if (realData) {
    const named = args.flatMap((arg) => {
      const real = realpath(PATH_ARG.exec(arg)?.[2] ?? "");
      return real ? [[real, arg] as Mount] : [];
    });
    const inData = [...all, ...named].find(([src]) => isInside(src, realData));
    if (inData)
      throw new AppError(
        "bad_request",
        `${inData[1]} lies in Switchboard's data directory: stdio MCP servers may not see it`,
      );
  }
  const seen = new Set<string>();
  // /usr is shown anyway; a folder already shown inside a bound parent needs no bind of its own.
  const covered = ([src, dest]: Mount) =>
    (src === dest && isInside(dest, "/usr")) ||
    all.some(([s, d]) => d !== dest && isInside(dest, d) && path.relative(d, dest) === path.relative(s, src));
  const unique = all.filter((m) => !covered(m) && !seen.has(m[1]) && seen.add(m[1]));
  // Parents first: a folder bound later would cover one bound inside it.
  return { program, args, mounts: unique.sort((a, b) => a[1].length - b[1].length) };
}
