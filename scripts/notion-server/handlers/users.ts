import { BOT_USER_ID } from "../shapes/users.ts";
import type { ApiHandler } from "./context.ts";

/** GET /v1/users/me: the integration's bot user, with its workspace and the workspace's limit per uploaded file. */
export const me: ApiHandler = ({ limits }) => ({
  object: "user",
  id: BOT_USER_ID,
  name: "Local integration",
  avatar_url: null,
  type: "bot",
  bot: {
    owner: { type: "workspace", workspace: true },
    workspace_name: "Local workspace",
    workspace_limits: { max_file_upload_size_in_bytes: limits.maxFileUploadBytes },
  },
});
