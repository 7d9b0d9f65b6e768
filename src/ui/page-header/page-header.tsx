import type { ReactNode } from 'react';

/**
 * The head of a list page (addresses, drafts, stock, projects, sites): its title (the section's
 * name: `titleId` is what `aria-labelledby` names), its actions at the end of the row (refresh,
 * new…) and the sentence that says what the page shows. Styled by `pageHeaderStyles`.
 */
export function PageHeader({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  /** The page's actions (buttons). */
  children: ReactNode;
}) {
  return (
    <>
      <header className="lp-page-header">
        <h1 id={titleId} className="lp-page-title">
          {title}
        </h1>
        <div className="lp-page-actions">{children}</div>
      </header>
      <p className="lp-page-intro">{intro}</p>
    </>
  );
}
