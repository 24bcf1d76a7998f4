/**
 * `--name value` numeric options of the benchmark scripts.
 */

/** The number after `--<name>` on the command line, else `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
