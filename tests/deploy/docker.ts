// The Docker command line for the deployment tests: each call a process of its own, its output
// kept, and a failure that says which command failed and what it wrote.
import { spawn } from "node:child_process";

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end; what it wrote, and its exit code (never throws on a failure). */
export function runCommand(
  command: string,
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      timeout: options.timeoutMs,
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Runs `command`; its standard output, or an error with everything it wrote. */
export async function mustRun(
  command: string,
  args: string[],
  options: Parameters<typeof runCommand>[2] = {},
): Promise<string> {
  const result = await runCommand(command, args, options);
  if (result.code !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().slice(-6_000);
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.code}):\n${output}`);
  }
  return result.stdout;
}

/** `docker <args>`: its standard output, trimmed; throws when it fails. */
export async function docker(args: string[], options: { input?: string } = {}): Promise<string> {
  return (await mustRun("docker", args, options)).trim();
}
