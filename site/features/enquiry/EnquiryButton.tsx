import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from "react";
import { DIALOG_MIN_WIDTH, enquiryHref } from "./enquiry-links";

// The dialog and its form (with the enquiry schema and zod) load only when first wanted, so the item page carries none
// of their code until then: keep this module free of imports that bring them in.
const loadDialog = () => import("./EnquiryDialog");
const EnquiryDialog = lazy(loadDialog);

/** Props of EnquiryButton: the item asked about, its title, and the message the form starts with (its title and price). */
type Props = { category: string; itemId: string; title: string; message: string };

/**
 * 'Contact About This Item': a link to the enquiry page (what it stays on narrow screens, before hydration and without
 * JavaScript), which on screens from DIALOG_MIN_WIDTH px opens the form in a dialog instead.
 */
export default function EnquiryButton({ category, itemId, title, message }: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [wide, setWide] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const query = matchMedia(`(min-width: ${DIALOG_MIN_WIDTH}px)`);
    const follow = () => setWide(query.matches);
    follow();
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified and middle clicks keep their browser meaning (new tab or window), narrow screens the page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!matchMedia(`(min-width: ${DIALOG_MIN_WIDTH}px)`).matches) return;
    event.preventDefault();
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <a
        ref={link}
        href={enquiryHref(category, itemId)}
        aria-haspopup={wide ? "dialog" : undefined}
        onClick={click}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="btn-primary mt-3 w-full"
        data-enquiry-link
        data-testid="contact-button"
      >
        Contact About This Item
      </a>
      {wanted && (
        <Suspense fallback={null}>
          <EnquiryDialog
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              link.current?.focus();
            }}
            category={category}
            itemId={itemId}
            title={title}
            message={message}
          />
        </Suspense>
      )}
    </>
  );
}
