/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_CPU_PROF=1 npm run bench`):
 * self time by package (node_modules/<package>, the workspace's own folders, Node's internals, GC,
 * idle), the same with Node's internals and native code charged to the nearest package that called
 * them (so a socket write counts for pg, ioredis or fastify), and the busiest functions.
 *   node -r @swc-node/register bench/cpu-profile.ts <file.cpuprofile> [functions to list, default 25] [seconds to skip]
 * Skipping the first seconds leaves the process's start-up (module loading and compiling) out.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: its package, the workspace folder, or what V8 calls it. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const workspace = /\/(apps\/[^/]+|libs\/[^/]+\/src\/[^/]+|bench)\//.exec(url);
  return workspace ? workspace[1] : url;
}

function main(): void {
  const [file, top = '25', skip = '0'] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile.ts <file.cpuprofile> [functions]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const nearest = new Map<number, string>();
  const nearestOwner = (id: number): string => {
    const known = nearest.get(id);
    if (known) return known;
    const node = nodes.get(id);
    if (!node) return '(unknown)';
    const owner = ownerOf(node.callFrame.url, node.callFrame.functionName);
    const parent = parents.get(id);
    const internal = owner === 'node internals' || owner === '(native)';
    const charged =
      internal && parent !== undefined && nodes.get(parent)?.callFrame.functionName !== '(root)' ? nearestOwner(parent) : owner;
    nearest.set(id, charged);
    return charged;
  };
  const byOwner = new Map<string, number>();
  const byNearest = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    elapsed += micros;
    if (!node || elapsed < Number(skip) * 1e6) return;
    total += micros;
    const { url, functionName, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
    const charged = nearestOwner(id);
    byNearest.set(charged, (byNearest.get(charged) ?? 0) + micros);
    const name = `${functionName || '(anonymous)'} ${owner}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const print = (title: string, entries: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(`${((micros / total) * 100).toFixed(1).padStart(6)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
    }
  };
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  print('Self time by package', byOwner, 30);
  print("Self time by package, Node's internals and native code charged to their nearest calling package", byNearest, 30);
  print('Self time by function', byFunction, Number(top));
}

main();
