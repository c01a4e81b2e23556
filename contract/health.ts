import * as z from "zod/mini";

/** `GET /api/health` answer: the worker is up, and which isolate answered (the launcher watches it change on reload). */
export const HealthSchema = z.object({ ok: z.boolean(), instance: z.string() });

/** `GET /api/health` answer. */
export type Health = z.infer<typeof HealthSchema>;
