import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { $adminSession, checkSession, signOutAdmin } from "./shared/session-store";
import { toast } from "../shell/toasts";
import AdminTabs from "./AdminTabs";
import FirstRunCard from "./first-run/FirstRunCard";
import SignInCard from "./SignInCard";

/** The /admin island: sign-in card until signed in, then the first-run card (until every step is done), the tabs and a Sign out button. */
export default function AdminPanel() {
  const session = useStore($adminSession);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    void checkSession();
  }, []);

  if (session.status === "checking") {
    return (
      <p className="text-walnut" role="status" data-testid="admin-checking">
        Checking admin session…
      </p>
    );
  }
  if (session.status === "signed-out") return <SignInCard />;

  const onSignOut = async () => {
    setSigningOut(true);
    const error = await signOutAdmin();
    setSigningOut(false);
    if (error) toast({ title: "Sign out failed", description: error, variant: "destructive" });
  };

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="admin-panel">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onSignOut} disabled={signingOut}>
          Sign out
        </button>
      </div>
      <FirstRunCard />
      <AdminTabs />
    </div>
  );
}
