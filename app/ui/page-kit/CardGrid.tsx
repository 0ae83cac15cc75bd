import type { ReactNode } from "react";

export type Card = { key: string; title: string; body: ReactNode; icon?: ReactNode };

/** Panels of equal weight (values, reasons to join, playtest formats). */
export function CardGrid({ cards, columns = 3 }: { cards: Card[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`card-grid card-grid--${columns}`}>
      {cards.map((card) => (
        <li key={card.key} className="card">
          {card.icon ? <div className="card__icon">{card.icon}</div> : null}
          <h3 className="card__title">{card.title}</h3>
          {typeof card.body === "string" ? <p className="card__body">{card.body}</p> : card.body}
        </li>
      ))}
    </ul>
  );
}
