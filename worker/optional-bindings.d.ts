// Bindings the worker uses when they are declared, which wrangler.toml leaves out so that a deploy never depends on
// them (docs/deploy.md says how to add each). `wrangler types` writes only what wrangler.toml declares, so these are typed here.
declare namespace Cloudflare {
  interface Env {
    /** The `[[send_email]]` binding of the enquiry email: needs Email Routing and a verified destination address on the account. */
    ENQUIRY_EMAIL?: SendEmail;
  }
}
interface Env {
  /** The `[[send_email]]` binding of the enquiry email (as in Cloudflare.Env). */
  ENQUIRY_EMAIL?: SendEmail;
}
