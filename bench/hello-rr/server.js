// The hello world served the way React Router's Express template serves a build: compression,
// hashed assets cached for a year, the rest of build/client, then the request handler.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const buildDir = path.resolve(process.env.HELLO_RR_BUILD_DIR || "build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build }));

const port = Number(process.env.PORT || 3000);
app.listen(port, process.env.HOST || "127.0.0.1", () => console.log(`hello world on ${port}`));
