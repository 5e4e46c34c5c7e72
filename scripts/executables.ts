// Whether a program can be run: the machine checks of the set-up scripts (ensure-chromium.ts,
// ensure-docker.ts) ask the same two questions.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Whether `path` is a file this process may execute. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `command` is an executable in one of PATH's folders. */
export const onPath = (command: string): boolean =>
  (process.env.PATH ?? "").split(delimiter).some((dir) => dir && isExecutable(join(dir, command)));
