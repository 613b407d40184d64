import path from "node:path";
import type { Rolldown } from "vite";

type Group = NonNullable<Rolldown.CodeSplittingOptions["groups"]>[number];

/** A module as read here: its code without comments (which may quote imports), and its static imports. */
type Mod = { code: string; deps: string[]; statements: ReturnType<typeof statements> };
type Modules = (id: string) => Mod;

type NameFn = Extract<Group["name"], (...args: never[]) => unknown>;
type Ctx = Parameters<NameFn>[1];

/** The bundler's modules, each read once (asking the bundler is slow: it copies the code each time). */
function modules(ctx: Ctx): Modules {
  const read = new Map<string, Mod>();
  return (id) => {
    let mod = read.get(id);
    if (!mod) {
      const info = ctx.getModuleInfo(id);
      const code = (info?.code ?? "").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
      mod = { code, deps: info?.importedIds ?? [], statements: statements(code, id) };
      read.set(id, mod);
    }
    return mod;
  };
}

/** `a, b as c` → [[a, a], [b, c]]: each name as its module has it, and as written here. */
const pairs = (list: string) =>
  list
    .split(",")
    .map((n) => n.trim().split(/\s+as\s+/))
    .filter(([n]) => n)
    .map(([n, as]) => [n, as ?? n] as const);

/**
 * Whether a module id is what `spec` names in `importer`: a relative path (resolved here, once per
 * statement: resolving it again for each import was most of the build's time) or a package.
 */
function importOf(importer: string, spec: string): (dep: string) => boolean {
  if (!spec.startsWith(".")) {
    const part = `/node_modules/${spec}/`;
    return (dep) => dep.includes(part);
  }
  const prefix = path.resolve(path.dirname(importer), spec);
  return (dep) => dep.startsWith(prefix);
}

/** A module's import and re-export statements: what they name, and the names taken (null: all of it). */
function statements(code: string, id: string): { is: (dep: string) => boolean; names: string[] | null }[] {
  const found =
    /(?:import|export)\s*(?:([\w$]+)\s*,?\s*)?(\*\s*(?:as\s+[\w$]+)?)?\s*(?:\{([^}]*)\})?\s*from\s*["']([^"']+)["']|import\s*["']([^"']+)["']/g;
  return [...code.matchAll(found)].map(([, def, star, list, from, bare]) => ({
    is: importOf(id, from ?? bare),
    names:
      bare || star
        ? null
        : [...(def && def !== "type" ? ["default"] : []), ...(list ? pairs(list).map(([name]) => name) : [])],
  }));
}

/** The names a module takes from one of its imports: null when it takes all of it (a namespace, `export *`, a bare import). */
function namesTaken(mod: Mod, dep: string): string[] | null {
  const taken: string[] = [];
  let found = false;
  for (const { is, names } of mod.statements) {
    if (!is(dep)) continue;
    if (!names) return null;
    found = true;
    taken.push(...names);
  }
  return found ? taken : null;
}

/** What a module re-exports, by the name it exports: from which module, under which name there. */
function reExports(get: Modules, id: string): Map<string, [string, string]> {
  const { code, deps } = get(id);
  const imported = new Map<string, [string, string]>();
  for (const [, list, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
    for (const [name, as] of pairs(list)) imported.set(as, [from, name]);
  const out = new Map<string, [string, string]>();
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g))
    for (const [local, as] of pairs(list)) {
      const [source, name] = from ? [from, local] : (imported.get(local) ?? []);
      if (!source || !name) continue;
      const target = deps.find(importOf(id, source));
      if (target) out.set(as, [target, name]);
    }
  return out;
}

/**
 * Every module `from` reaches by static imports. Through a module that only passes names on (a
 * library's index: Mantine's re-exports hundreds of components, of which a page uses a few and the
 * build keeps only those), only to the modules of the names taken.
 */
function reach(get: Modules, from: string): Set<string> {
  const cache = new Map<string, Map<string, [string, string]>>();
  const seen = new Set<string>();
  const seenNames = new Set<string>();
  const todo: [string, string[] | null][] = [[from, null]];
  while (todo.length) {
    const [id, names] = todo.pop() as [string, string[] | null];
    if (names) {
      if (!cache.has(id)) cache.set(id, reExports(get, id));
      const passed = cache.get(id) as Map<string, [string, string]>;
      if (names.every((n) => passed.has(n))) {
        for (const n of names) {
          if (seenNames.has(`${id}\0${n}`)) continue;
          seenNames.add(`${id}\0${n}`);
          const [target, name] = passed.get(n) as [string, string];
          todo.push([target, [name]]);
        }
        continue;
      }
    }
    if (seen.has(id)) continue;
    seen.add(id);
    const mod = get(id);
    for (const dep of mod.deps) todo.push([dep, namesTaken(mod, dep)]);
  }
  return seen;
}

/**
 * How the first visit's code is cut into files (DESIGN.md §22, decision 0064): what the entry
 * imports, in the entry's file; what only the landing page needs, in one file, and what only the
 * login page needs, in another (what both need, in a third), rather than a dozen small ones each:
 * fewer requests, and gzip sees each file whole. Every other module is left to the bundler, so
 * every other page stays its own chunk; a later page that needs a module of the login page's file
 * (an input, say) loads that file with it.
 */
export function firstVisitChunks(root: string): Group[] {
  const pages = {
    landing: path.join(root, "client/src/app/routes/public/landing.tsx"),
    login: path.join(root, "client/src/app/routes/auth/login.tsx"),
  };
  let graph: { landing: Set<string>; login: Set<string> } | undefined;
  return [
    // Into the entry's file: what it imports, directly or not.
    { name: "first-visit", debugName: "first-visit", tags: ["$initial"], priority: 2 },
    {
      debugName: "first-pages",
      // Each module goes where `name` says (its own reach is already whole), not with what imports it.
      includeDependenciesRecursively: false,
      priority: 1,
      name: (id, ctx) => {
        if (!graph) {
          const get = modules(ctx);
          graph = { landing: reach(get, pages.landing), login: reach(get, pages.login) };
        }
        const { landing, login } = graph;
        if (landing.has(id) && login.has(id)) return "public";
        if (landing.has(id)) return "landing";
        if (login.has(id)) return "login";
        return null;
      },
    },
  ];
}
