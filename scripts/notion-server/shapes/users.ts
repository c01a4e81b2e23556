import { seededId } from "../ids.ts";

/** The integration's bot user that "created" everything in the local workspace. */
export const BOT_USER_ID = seededId("user:bot");

/** A partial user reference as Notion puts in created_by / last_edited_by. */
export function partialUser(id = BOT_USER_ID) {
  return { object: "user", id };
}

/** A person user object for a people property value, derived from a display name. */
export function personUser(name: string) {
  const email = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "")}@example.com`;
  return { object: "user", id: seededId(`user:${name}`), name, avatar_url: null, type: "person", person: { email } };
}
