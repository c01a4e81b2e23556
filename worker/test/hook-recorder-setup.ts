import type { TestProject } from "vitest/node";
import { startHookRecorder } from "./hook-recorder";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the deploy-hook recorder (see hook-recorder.ts). */
    hookRecorderUrl: string;
  }
}

/** Global setup: starts the deploy-hook recorder for the workerd tests and stops it afterwards. */
export default async function setup(project: TestProject) {
  const recorder = await startHookRecorder();
  project.provide("hookRecorderUrl", recorder.url);
  return () => recorder.close();
}
