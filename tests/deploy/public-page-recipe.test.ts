// A newcomer's recipe, followed: docs/content.md's "Add a public page in both languages", step by
// step, in a copy of the project. The test writes exactly the files the recipe's steps name (and
// fails when the steps name others), builds the copy, runs the copy's own browser tests that read
// the list of public pages, and finds the new page in both languages: in the sitemap, answering
// 200 with its words, and checked by axe at both widths, with no list of pages written anywhere.
//
// In the `deploy` project (`npm run test:deploy`, which CI runs after `npm test`), not in `e2e`:
// it builds a whole copy and runs browser tests inside it, minutes that `npm test`, held under ten
// minutes on two cores (docs/architecture.md#tests), cannot spare.
import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { testSite } from "#tests/e2e/sites.ts";

/** The page the recipe adds: `<page>` in the recipe's steps. */
const page = "home-safety";

const english = {
  heading: "A Safer Home After a Fall",
  lead: "Small changes at home can prevent the next fall; our physiotherapists check each room with you on a visit.",
  check: "Clear, well-lit paths from the bed to the bathroom",
};
const hindi = {
  heading: "गिरने के बाद घर को सुरक्षित बनाएँ",
  lead: "घर में छोटे बदलाव अगली बार गिरने से बचा सकते हैं; होम विज़िट पर हमारे फिज़ियोथेरेपिस्ट आपके साथ हर कमरा जाँचते हैं।",
  check: "बिस्तर से बाथरूम तक साफ़ और रोशनी वाला रास्ता",
};

/** What each step of the recipe writes, by the file it names. */
const recipeFiles: Record<string, string> = {
  [`app/content/${page}.ts`]: `// Home safety page words: what to change at home after a fall.
import { homeSafetyHi } from "#app/content/hi/home-safety.ts";
import type { Localized } from "#app/content/localized.ts";
import type { PageSeo } from "#app/content/types.ts";

export interface HomeSafetyContent {
  seo: PageSeo;
  hero: { heading: string; text: string };
  checks: { heading: string; items: string[] };
}

const homeSafety: HomeSafetyContent = {
  seo: {
    title: "A Safer Home After a Fall",
    description: "What our physiotherapists check at home after a fall, room by room.",
    keywords: ["home safety after a fall", "fall prevention at home"],
  },
  hero: { heading: ${JSON.stringify(english.heading)}, text: ${JSON.stringify(english.lead)} },
  checks: {
    heading: "What We Check on a Visit",
    items: [${JSON.stringify(english.check)}, "Grab bars beside the toilet and in the shower"],
  },
};

export const homeSafetyByLang: Localized<HomeSafetyContent> = { en: homeSafety, hi: homeSafetyHi };
`,
  [`app/content/hi/${page}.ts`]: `// Hindi of the home safety page words: what to change at home after a fall.
import type { HomeSafetyContent } from "#app/content/home-safety.ts";

export const homeSafetyHi: HomeSafetyContent = {
  seo: {
    title: "गिरने के बाद घर को सुरक्षित बनाएँ",
    description: "गिरने के बाद हमारे फिज़ियोथेरेपिस्ट घर में क्या जाँचते हैं, कमरा-दर-कमरा।",
    keywords: ["गिरने के बाद घर की सुरक्षा", "घर में गिरने से बचाव"],
  },
  hero: { heading: ${JSON.stringify(hindi.heading)}, text: ${JSON.stringify(hindi.lead)} },
  checks: {
    heading: "विज़िट पर हम क्या जाँचते हैं",
    items: [${JSON.stringify(hindi.check)}, "टॉयलेट के पास और शावर में पकड़ने के लिए रॉड"],
  },
};
`,
  [`app/routes/${page}.tsx`]: `import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section } from "#app/components/sections/section.tsx";
import { homeSafetyByLang } from "#app/content/home-safety.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import type { Route } from "./+types/home-safety";

export function loader({ request }: Route.LoaderArgs) {
  const homeSafety = homeSafetyByLang[langOfRequest(request)];
  return { meta: routeMeta(request, { seo: homeSafety.seo, path: "/home-safety" }), homeSafety };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function HomeSafety({ loaderData: { homeSafety } }: Route.ComponentProps) {
  return (
    <>
      <PageHero heading={homeSafety.hero.heading} text={homeSafety.hero.text} />
      <Section id="checks" heading={homeSafety.checks.heading}>
        <ul className="mx-auto max-w-3xl list-disc space-y-2 pl-6 text-lg text-slate-700">
          {homeSafety.checks.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}
`,
};

/** Step 4: the import of the record, and the page's one entry in the list of public pages. */
const listFile = "app/content/public-routes.ts";
const listImport = `import { homeSafetyByLang } from "#app/content/home-safety.ts";`;
const listEntry = `  { path: "/home-safety", module: "routes/home-safety.tsx", outline: (lang) => hero(homeSafetyByLang[lang]) },`;

/** The files the recipe's numbered steps name in bold (`**\`path\`**`), for this page. */
function filesTheRecipeNames(): string[] {
  const guide = readFileSync("docs/content.md", "utf8");
  const section = /## Add a public page in both languages\n([\s\S]*?)\n## /.exec(guide)?.[1] ?? "";
  const steps = section.split("\n\n").find((block) => /^1\. /.test(block)) ?? "";
  return [...steps.matchAll(/\*\*`([^`]+)`\*\*/g)].map((match) =>
    (match[1] ?? "").replaceAll("<page>", page),
  );
}

/** The project as it stands, tracked and new files alike (not what .gitignore leaves out). */
function copyProject(to: string): void {
  const listed = spawnSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      encoding: "utf8",
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    // A file deleted in the working tree is still in the index until the change is committed.
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(file, join(to, file));
  }
  symlinkSync(resolve("node_modules"), join(to, "node_modules"), "dir");
}

/** The recipe's steps, done in the copy. */
function followRecipe(copy: string): void {
  for (const [file, text] of Object.entries(recipeFiles)) writeFileSync(join(copy, file), text);
  const path = join(copy, listFile);
  const list = readFileSync(path, "utf8");
  const start = list.indexOf("export const publicPages");
  const end = list.indexOf("\n];\n", start);
  expect(start, "the list of public pages").toBeGreaterThan(0);
  expect(end, "the end of the list of public pages").toBeGreaterThan(start);
  const lastImport = list.lastIndexOf("\nimport ", start);
  const afterImports = list.indexOf("\n", lastImport + 1) + 1;
  writeFileSync(
    path,
    `${list.slice(0, afterImports)}${listImport}\n${list.slice(afterImports, end)}\n${listEntry}${list.slice(end)}`,
  );
}

/** The environment of a program run in the copy: this shell's, less what Vitest set for itself. */
function copyEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(VITEST.*|TEST|NODE_ENV|MODE|PROD|DEV|SSR|BASE_URL)$/.test(name),
    ),
  );
}

/** `npx <args>` in the copy; its output, or its output's end in the error when it fails. */
function run(copy: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn("npx", args, { cwd: copy, env: copyEnv() });
    let log = "";
    child.stdout.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr.on("data", (chunk) => {
      log += chunk;
    });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0
        ? done(log)
        : fail(new Error(`npx ${args.join(" ")} in the copy: exit ${code}\n${log.slice(-12_000)}`)),
    );
  });
}

/** The copy's browser tests that read the list of public pages. */
const listTests = [
  "tests/e2e/server-html.test.ts",
  "tests/e2e/accessibility.test.ts",
  "tests/e2e/islands.test.ts",
];

interface TestReport {
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

describe("the recipe for a public page in both languages, followed in a copy", () => {
  let copy = "";
  let report: TestReport = { testResults: [] };
  let server: RunningServer | undefined;

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), "physio-recipe-"));
    copyProject(copy);
    followRecipe(copy);
    // The recipe's last step: the typecheck, then the browser tests that read the list (their
    // global setup builds the copy's test site).
    await run(copy, ["react-router", "typegen"]);
    await run(copy, ["tsc", "--noEmit"]);
    const reportFile = join(copy, "recipe-report.json");
    await run(copy, [
      "vitest",
      "run",
      "--project",
      "e2e",
      ...listTests,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reportFile}`,
    ]);
    report = JSON.parse(readFileSync(reportFile, "utf8"));
    server = await startProductionServer(testSite.settings, undefined, { cwd: copy });
  }, 1_800_000);

  afterAll(async () => {
    await server?.stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it("writes exactly the files the recipe's steps name", () => {
    expect(filesTheRecipeNames().sort()).toEqual([...Object.keys(recipeFiles), listFile].sort());
  });

  it("lists both languages' pages in the sitemap", async () => {
    const xml = await (await fetch(`${server?.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`http://localhost:3000/${page}`);
    expect(locs).toContain(`http://localhost:3000/hi/${page}`);
  });

  it.each([
    [`/${page}`, english],
    [`/hi/${page}`, hindi],
  ])("serves %s, prerendered, with the page's words", async (path, words) => {
    const response = await fetch(`${server?.url}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(words.heading);
    expect(html).toContain(words.lead);
    expect(html).toContain(words.check);
  });

  it("is picked up by the copy's own tests of the public pages, which all pass", () => {
    const results = report.testResults.flatMap((file) => file.assertionResults);
    expect(results.filter((result) => result.status !== "passed")).toEqual([]);
    // A title names its page after a space: " /home-safety …", never " /hi/home-safety …".
    const named = (text: string) =>
      results
        .filter((result) => result.fullName.includes(` ${text}`))
        .map((result) => result.status);
    for (const path of [`/${page}`, `/hi/${page}`]) {
      // Its HTML and structured data, axe at both widths, and its islands.
      expect(named(`${path} is prerendered with its h1`), path).toEqual(["passed"]);
      expect(named(`${path}: no WCAG 2.2 A/AA violations`), path).toEqual(["passed"]);
      expect(named(`${path} loads its islands' boot script`), path).toEqual(["passed"]);
    }
  });
});
