// Proves the one-way rule (ARCHITECTURE.md, STYLE.md): no server module and no app feature may
// reach another that reaches back, directly or round a longer loop. Prints the import graph
// between units and exits 1 with every cycle it finds. Tests and their support files are left out:
// a test may compose whatever it needs, and nothing imports a test back.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

interface Layer {
  readonly name: string;
  readonly root: string;
}

const repository = resolve(import.meta.dirname, '..');
const layers: readonly Layer[] = [
  { name: 'server modules', root: 'apps/server/src/modules' },
  { name: 'app features', root: 'apps/driver/src/features' },
];

const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return isProductionSource(entry) ? [path] : [];
  });
}

function isProductionSource(fileName: string): boolean {
  return (
    /\.(ts|tsx)$/.test(fileName) &&
    !/\.test\.tsx?$/.test(fileName) &&
    !/^test-support\./.test(fileName)
  );
}

function importedPaths(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

function unitOf(path: string, root: string): string | undefined {
  const inside = relative(root, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  const [unit, ...rest] = inside.split(sep);
  return rest.length > 0 ? unit : undefined;
}

/** Tarjan's strongly connected components: every component of more than one unit is a cycle. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (unit: string): void => {
    index.set(unit, counter);
    low.set(unit, counter);
    counter += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

let failed = false;
for (const layer of layers) {
  const root = join(repository, layer.root);
  const graph = new Map<string, Set<string>>();
  const witnesses = new Map<string, string>();
  for (const file of sourceFiles(root)) {
    const from = unitOf(file, root);
    if (from === undefined) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importedPaths(file)) {
      const to = unitOf(target, root);
      if (to === undefined || to === from) continue;
      graph.get(from)?.add(to);
      if (!witnesses.has(`${from}>${to}`))
        witnesses.set(`${from}>${to}`, relative(repository, file));
    }
  }
  console.log(`${layer.name} (${layer.root}):`);
  for (const [unit, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${unit} -> ${[...targets].sort().join(', ') || '(nothing)'}`);
  }
  for (const cycle of cycles(graph)) {
    failed = true;
    console.log(`  CYCLE: ${cycle.join(' <-> ')}`);
    for (const from of cycle) {
      for (const to of cycle) {
        const witness = witnesses.get(`${from}>${to}`);
        if (witness !== undefined) console.log(`    ${from} -> ${to}: ${witness}`);
      }
    }
  }
}
process.exit(failed ? 1 : 0);
