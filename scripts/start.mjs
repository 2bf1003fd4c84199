// `npm start`: build when the build is missing or older than the sources, then run the server
// (which migrates the database before it listens).
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(path.resolve("dist/server/main.js"));
