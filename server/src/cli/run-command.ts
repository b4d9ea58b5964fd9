/**
 * Runs a command's `main` and exits with its code; a failure (a bad setting, a database that
 * cannot be reached) prints one line, `<name>: <message>`, and exits 1, never a stack trace.
 */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
