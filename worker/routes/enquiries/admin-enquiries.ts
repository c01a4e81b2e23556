import { Hono } from "hono";
import { z } from "zod";
import type { MessageResult } from "#contract/admin-api";
import {
  ENQUIRIES_PAGE_SIZE,
  EnquiriesDeleteSchema,
  EnquiriesQuerySchema,
  type EnquiriesDeleted,
  type EnquiriesPage,
} from "#contract/enquiries";
import type { AppEnv } from "../../app-env";
import { deleteEnquiries, deleteFlaggedEnquiries, listEnquiries, markHandled } from "../../data/enquiries";
import { fail } from "../../lib/errors";
import { emailState } from "./email-dealer";
import { validate } from "../lib/validate";
import { ADMIN_BODY_LIMIT, limitBody } from "../../middleware/body-limit";

/**
 * `GET /api/admin/enquiries?status=open|flagged|handled|all&page=`: enquiries newest first; `POST /{id}/handled`: marks
 * one handled; `POST /delete` `{ids}` or `{flagged: true}`: deletes those, or every flagged one not yet handled.
 */
const adminEnquiries = new Hono<AppEnv>();

const Params = z.object({ id: z.uuid({ error: "must be an enquiry id" }) });

adminEnquiries.get("/", validate("query", EnquiriesQuerySchema), async (c) => {
  const { status, page } = c.req.valid("query");
  const { enquiries, total, open, flagged } = await listEnquiries(c.env.DB, status, page, ENQUIRIES_PAGE_SIZE);
  return c.json<EnquiriesPage>({
    enquiries,
    pagination: { page, totalPages: Math.ceil(total / ENQUIRIES_PAGE_SIZE), totalItems: total },
    openCount: open,
    flaggedCount: flagged,
    emailEnabled: emailState(c.env) === "on",
  });
});

adminEnquiries.post("/delete", limitBody(ADMIN_BODY_LIMIT), validate("json", EnquiriesDeleteSchema), async (c) => {
  const body = c.req.valid("json");
  const deleted = "ids" in body ? await deleteEnquiries(c.env.DB, body.ids) : await deleteFlaggedEnquiries(c.env.DB);
  const message = `${deleted} ${deleted === 1 ? "enquiry" : "enquiries"} deleted`;
  return c.json<EnquiriesDeleted>({ success: true, message, deleted });
});

adminEnquiries.post("/:id/handled", validate("param", Params), async (c) => {
  const { id } = c.req.valid("param");
  if (!(await markHandled(c.env.DB, id))) fail(404, `No enquiry ${id}`);
  return c.json<MessageResult>({ success: true, message: "Enquiry marked handled" });
});

export default adminEnquiries;
