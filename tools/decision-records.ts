// Every decision record in docs/decisions is numbered like its file, and says when it was taken and
// whether it still holds, so a reader knows which decisions to trust.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const folder = resolve(import.meta.dirname, '..', 'docs', 'decisions');
const problems: string[] = [];
const numbersSeen = new Set<string>();
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith('.md'))
  .sort()) {
  const number = /^(\d{4})-[a-z0-9-]+\.md$/.exec(file)?.[1];
  const [title = '', , dateLine = ''] = readFileSync(join(folder, file), 'utf8').split('\n');
  if (number === undefined) problems.push(`${file}: name it NNNN-what-was-decided.md`);
  else if (numbersSeen.has(number))
    problems.push(`${file}: another record already has number ${number}`);
  else if (!title.startsWith(`# ${number} — `))
    problems.push(`${file}: first line "# ${number} — title"`);
  if (number !== undefined) numbersSeen.add(number);
  if (
    !/^Date: \d{4}-\d{2}-\d{2} · Status: (Accepted|Proposed|Superseded|Deprecated)\b/.test(dateLine)
  ) {
    problems.push(
      `${file}: third line "Date: YYYY-MM-DD · Status: Accepted|Proposed|Superseded|Deprecated …"`,
    );
  }
}
for (const problem of problems) console.log(problem);
process.exit(problems.length > 0 ? 1 : 0);
