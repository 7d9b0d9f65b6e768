import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { PageHeader } from '../page-header/page-header.tsx';
import { ErrorState } from '../states/error-state.tsx';

/** Why a page's list is not shown: the user is no administrator (403), or the call failed. */
export type LoadFailure = 'refused' | 'failed' | null;

/**
 * Loads what a customer administrator's page lists while `session` is set (again when it
 * changes), and on `reload()`; a 403 is `refused`, any other failure `failed`.
 */
export function useAdminLoad<T>(load: () => Promise<T>, session: string) {
  const [value, setValue] = useState<T | null>(null);
  const [failure, setFailure] = useState<LoadFailure>(null);
  const reload = useCallback(async () => {
    try {
      setValue(await load());
      setFailure(null);
    } catch (error) {
      setFailure(isApiError(error) && error.code === Code.forbidden ? 'refused' : 'failed');
    }
  }, [load]);
  useEffect(() => {
    if (session) void reload();
  }, [session, reload]);
  return { value, failure, reload };
}

export interface AdminPageProps {
  /** The section's class and the title's id prefix (`api-clients` → `#api-clients-title`). */
  name: string;
  title: string;
  intro: ReactNode;
  signedIn: boolean;
  failure: LoadFailure;
  texts: { signedOut: string; refused: string; failed: string };
  onRetry: () => void;
  /** The page's actions (its add button), shown to administrators. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a page for a customer's administrators (its webhooks, its API clients): the
 * header with the page's actions, what a user who is no administrator is told instead, the
 * error state with a retry, and the page's content.
 */
export function AdminPage(props: AdminPageProps) {
  const { name, title, texts } = props;
  if (!props.signedIn) return <p className="lp-admin-page__muted">{texts.signedOut}</p>;
  const titleId = `${name}-title`;
  return (
    <section className={`lp-admin-page ${name}`} part="base" aria-labelledby={titleId}>
      {props.failure === 'refused' ? (
        <>
          <h1 id={titleId} className="lp-page-title">
            {title}
          </h1>
          <p className="lp-admin-page__muted">{texts.refused}</p>
        </>
      ) : (
        <>
          <PageHeader titleId={titleId} title={title} intro={props.intro}>
            {props.actions}
          </PageHeader>
          {props.failure === 'failed' && <ErrorState message={texts.failed} onRetry={props.onRetry} />}
          {props.children}
        </>
      )}
    </section>
  );
}
