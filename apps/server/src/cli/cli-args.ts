import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** A mistake the person at the terminal can fix: printed as it is, exit code 1. */
export class CliError extends Error {}

/** The command line read strictly against `options`; a mistake answers with the usage. */
export function parseCliArgs<T extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: T,
  usage: string,
) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
}
