// `npm run dev`: the same request handler as production (server/app.ts: security headers, the
// request log, the request context), loaded through Vite so that changes reload at once.
// Vite's middlewares take the place of the memory fast path: they serve modules and assets.
import { createServer as createHttpServer } from "node:http";
import { createServer as createViteServer } from "vite";
import { getEnvOrExit } from "#app/config/env.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";

type ServerEntry = typeof import("#server/app.ts");

process.env.NODE_ENV ??= "development";
const env = getEnvOrExit();
const logger = getLogger();

const httpServer = createHttpServer();
const vite = await createViteServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: "custom",
});

// One app per version of server/app.ts: Vite hands back a new module after an edit. The
// services (the database above all: one process per PGlite folder) are started once.
let current: {
  createApp: ServerEntry["createApp"];
  app: ReturnType<ServerEntry["createApp"]>;
  edge: ReturnType<ServerEntry["createEdgeHandler"]>;
};
let services: ReturnType<ServerEntry["startServices"]> | undefined;
let monitoring: ReturnType<ServerEntry["createMonitoring"]> | undefined;

httpServer.on("request", async (req, res) => {
  try {
    const { createApp, createEdgeHandler, createMonitoring, createRoutes, startServices } =
      (await vite.ssrLoadModule("/server/app.ts")) as ServerEntry;
    services ??= startServices(env);
    const started = await services;
    if (current?.createApp !== createApp) {
      const routes = createRoutes();
      // Counted across the app's versions, as the services are kept.
      monitoring ??= createMonitoring(env, started, routes);
      const monitor = await monitoring;
      current = {
        createApp,
        app: createApp({
          env,
          services: started,
          routes,
          assets: vite.middlewares,
          logRequest: monitor.logRequest,
        }),
        edge: createEdgeHandler(env, routes, monitor),
      };
    }
    if (!current.edge(req, res)) current.app(req, res);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    logger.error({ err: error }, "could not load the app");
    res.statusCode = 500;
    res.end("Internal Server Error");
  }
});

httpServer.listen(env.PORT, env.HOST, () => {
  logger.info(`Development server on http://localhost:${env.PORT}`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await vite.close();
    await (await services)?.close();
    httpServer.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
    httpServer.closeAllConnections();
  });
}
