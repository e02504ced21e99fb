import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dataRoot } from './server';

/** Once per run: the workers' data folders and server logs of an earlier run go, and so does its list of audited routes. */
export default function globalSetup() {
  mkdirSync(dataRoot(), { recursive: true });
  for (const name of readdirSync(dataRoot())) if (/^w\d+(\.log)?$/.test(name)) rmSync(`${dataRoot()}/${name}`, { recursive: true, force: true });
  mkdirSync('e2e/screens', { recursive: true });
  writeFileSync('e2e/screens/.audited', '');
}
