import { createInterface } from 'node:readline';
import { runOperatorCli } from './operator-cli.ts';

let lines: AsyncIterator<string> | undefined;

/** Reads one line from the terminal without echoing it, or the next line of piped input. */
function readSecret(prompt: string): Promise<string | undefined> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    lines ??= createInterface({ input: stdin, terminal: false })[Symbol.asyncIterator]();
    return lines.next().then((line) => (line.done ? undefined : String(line.value)));
  }
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          stderr.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          stderr.write('\n');
          process.exit(130);
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

// Under npm scripts the process runs where the script lives; a relative DATA_DIR is meant from
// where npm was started, which npm passes as INIT_CWD.
process.exitCode = await runOperatorCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  readSecret,
  interactive: process.stdin.isTTY === true,
});
