import { Dialog } from "radix-ui";
import EnquiryForm from "./EnquiryForm";

/** Props of EnquiryDialog: open state and its setter, where the focus goes on closing, the item, its title and the message the form starts with. */
type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  category: string;
  itemId: string;
  title: string;
  message: string;
};

/** The enquiry form in a modal dialog (wide screens): focus kept inside, Escape or Close shuts it and the focus goes back to the button. */
export default function EnquiryDialog({ open, onOpenChange, onCloseAutoFocus, category, itemId, title, message }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="card fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto bg-cream-50 p-5 shadow-lg"
          data-testid="enquiry-dialog"
        >
          <Dialog.Title className="text-xl font-bold text-oxblood-800">Contact About This Item</Dialog.Title>
          <Dialog.Description className="text-sm text-walnut">
            Ask about <strong>{title}</strong>; we reply by email.
          </Dialog.Description>
          {open && (
            <EnquiryForm
              category={category}
              itemId={itemId}
              initialMessage={message}
              afterSent={
                <Dialog.Close className="btn-outline justify-self-start" data-testid="enquiry-close">
                  Close
                </Dialog.Close>
              }
            />
          )}
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-walnut hover:bg-cream-200" aria-label="Close">
            <span aria-hidden="true">✕</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
