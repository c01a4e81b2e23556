import { useStore } from "@nanostores/react";
import { useState, type FormEvent } from "react";
import { $adminSession, $signInForm, submitPassword } from "./shared/session-store";
import Icon from "../../lib/ui/Icon";

/** The password form shown until the browser holds an admin session. */
export default function SignInCard() {
  const form = useStore($signInForm);
  const { notice } = useStore($adminSession);
  const [password, setPassword] = useState("");
  const error = form.error ?? notice;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitPassword(password).then(() => setPassword(""));
  };

  return (
    <section className="card mx-auto max-w-md p-6" aria-labelledby="admin-sign-in-title" data-testid="admin-sign-in">
      <h2 id="admin-sign-in-title" className="mb-1 flex items-center gap-2 text-2xl font-bold text-oxblood-800">
        <Icon type="admin" className="size-6" /> Admin sign-in
      </h2>
      <p className="mb-4 text-sm text-walnut">Enter the admin password to manage the cache and sync content from Notion.</p>
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3" noValidate>
        <label htmlFor="admin-password" className="text-sm font-semibold">
          Password
        </label>
        <input
          id="admin-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "admin-sign-in-error" : undefined}
          className="rounded-md border border-brass-600 bg-white px-3 py-2 text-ink"
        />
        {error && (
          <p id="admin-sign-in-error" role="alert" className="text-sm font-medium text-oxblood-700" data-testid="admin-sign-in-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={form.pending || password === ""}>
          {form.pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </section>
  );
}
