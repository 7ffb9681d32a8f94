import { spawnSync } from 'node:child_process';
/** The nice value (field 19 of /proc/<pid>/task/<tid>/stat) of every thread of a process. */
const script = `
  import { lowerCpuPriority } from './server/platform/process/cpu-priority.ts';
  import { readdirSync, readFileSync } from 'node:fs';
  const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
  const before = readdirSync('/proc/self/task').map(nice);
  const answer = lowerCpuPriority(Number(process.argv[1]));
  const after = readdirSync('/proc/self/task').map(nice);
  console.log(JSON.stringify({ before, answer, after }));
`;

function run(niceness: number): { before: number[]; answer: number | null; after: number[] } {
  const out = spawnSync(
    process.execPath,
    ['--import', '@swc-node/register/esm-register', '--input-type=module', '-e', script, String(niceness)],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as { before: number[]; answer: number | null; after: number[] };
}

describe('lowerCpuPriority (Linux: a nice value per thread)', () => {
  it('sets every thread of the process to the niceness and answers it', () => {
    const { before, answer, after } = run(7);
    expect(before.every((n) => n === before[0])).toBe(true);
    expect(answer).toBe(Math.max(7, before[0]!));
    expect(after.length).toBeGreaterThan(1);
    expect(after.every((n) => n === Math.max(7, before[0]!))).toBe(true);
  });

  it('leaves the process alone for 0', () => {
    const { before, answer, after } = run(0);
    expect(answer).toBeNull();
    expect(after).toEqual(before);
  });
});
