import { Hono } from "hono";
import { z } from "zod";
import type { MessageResult } from "#contract/admin-api";
import { ENQUIRIES_PAGE_SIZE, EnquiriesQuerySchema, type EnquiriesPage } from "#contract/enquiries";
import type { AppEnv } from "../app-env";
import { listEnquiries, markHandled } from "../data/enquiries";
import { fail } from "../lib/errors";
import { validate } from "./lib/validate";

/** `GET /api/admin/enquiries?status=open|handled|all&page=`: enquiries newest first; `POST /{id}/handled`: marks one handled. */
const adminEnquiries = new Hono<AppEnv>();

const Params = z.object({ id: z.uuid({ error: "must be an enquiry id" }) });

adminEnquiries.get("/", validate("query", EnquiriesQuerySchema), async (c) => {
  const { status, page } = c.req.valid("query");
  const { enquiries, total, open } = await listEnquiries(c.env.DB, status, page, ENQUIRIES_PAGE_SIZE);
  return c.json<EnquiriesPage>({
    enquiries,
    pagination: { page, totalPages: Math.ceil(total / ENQUIRIES_PAGE_SIZE), totalItems: total },
    openCount: open,
    emailEnabled: Boolean(c.env.ENQUIRY_EMAIL_TO),
  });
});

adminEnquiries.post("/:id/handled", validate("param", Params), async (c) => {
  const { id } = c.req.valid("param");
  if (!(await markHandled(c.env.DB, id))) fail(404, `No enquiry ${id}`);
  return c.json<MessageResult>({ success: true, message: "Enquiry marked handled" });
});

export default adminEnquiries;
