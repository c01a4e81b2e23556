import { Fragment, type ReactNode } from "react";
import { pieceView } from "../rich-text";
import type { RichTextPiece } from "#contract/rich-text";

/** Props of RichTextPieces: Notion rich text pieces, and whether their links become links. */
type Props = { pieces: RichTextPiece[]; links?: boolean };

/** Managed rich text inline (no wrapper): bold, italic, strike, underline, code, Notion's colours and safe links; newlines stay in the text. */
export default function RichTextPieces({ pieces, links = true }: Props) {
  return (
    <>
      {pieces.map((piece, index) => {
        const view = pieceView(piece);
        let node: ReactNode = view.text;
        for (const Tag of view.tags) node = <Tag className={Tag === "code" ? "rt-code" : undefined}>{node}</Tag>;
        if (view.colorClass) node = <span className={view.colorClass}>{node}</span>;
        if (links && view.href) node = <a href={view.href}>{node}</a>;
        return <Fragment key={index}>{node}</Fragment>;
      })}
    </>
  );
}
