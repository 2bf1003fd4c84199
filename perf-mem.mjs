import v8 from "node:v8";
setTimeout(() => { globalThis.gc?.(); v8.writeHeapSnapshot("/tmp/idleD.heapsnapshot"); console.error("SNAP done"); }, 10000).unref();
