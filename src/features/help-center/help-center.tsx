import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect, useId, useRef } from 'react';
import type { ChatQuestionRef } from '../../contract/chat/schemas.ts';
import { setPageQuery } from '../../stores/navigation.ts';
import { Button } from '../../ui/button/button.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { AnswerHtml } from '../chat/answer-html.tsx';
import { askInChat, chatLauncher } from './ask-in-chat.ts';
import { type HelpPlace, readPlace, samePlace, writePlace } from './help-address.ts';
import type { HelpCenter as HelpCenterStore, Loadable, Verdict } from './help-center-store.ts';
import '../../i18n/areas/help.ts';

export interface HelpCenterProps {
  help: HelpCenterStore;
}

/** A plain left click (not one that opens a new tab or window). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The address follows the place shown (`?c=` a topic, `?q=` an answer): a new history entry per
 * choice of the user, so a reload or a shared link opens the same answer and back/forward walk
 * through them. Only on the page the help centre was opened on (the portal keeps it mounted
 * behind other tabs, whose addresses are not its own).
 */
function useAddress(help: HelpCenterStore, opened: { current: boolean }): (place: HelpPlace) => void {
  const path = useRef('');
  useEffect(() => {
    path.current = location.pathname;
    help.go(readPlace(location.search));
    const onPop = () => {
      if (location.pathname === path.current) help.go(readPlace(location.search));
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [help]);
  return (place) => {
    if (samePlace(place, help.$state.get().place)) return;
    opened.current = true;
    help.go(place);
    setPageQuery(path.current, writePlace(place, location.search), 'push');
  };
}

function Loading() {
  const t = useT();
  return (
    <p className="help__status" role="status">
      {t('help.loading')}
    </p>
  );
}

function Failed({ state, retry }: { state: Loadable<unknown>; retry: () => void }) {
  const t = useT();
  if (state.status !== 'failed') return null;
  return <ErrorState message={t('help.loadFailed', { message: state.error })} onRetry={retry} />;
}

function QuestionLinks({
  questions,
  open,
  className = 'help__questions',
}: {
  questions: readonly ChatQuestionRef[];
  open: (place: HelpPlace) => void;
  className?: string;
}) {
  return (
    <ul className={className}>
      {questions.map((q) => (
        <li key={q.q_id}>
          <a
            className="help__question"
            href={writePlace({ kind: 'answer', qId: q.q_id }, location.search)}
            onClick={(event) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              open({ kind: 'answer', qId: q.q_id });
            }}
          >
            {q.q_name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Helpful({ help, aIds }: { help: HelpCenterStore; aIds: number[] }) {
  const t = useT();
  const { verdicts } = useStore(help.$state);
  const verdict: Verdict | undefined = verdicts[aIds[0] ?? 0];
  const done = verdict === 'yes' || verdict === 'no' || verdict === 'already';
  const said =
    verdict === 'yes'
      ? t('help.thanks')
      : verdict === 'no'
        ? t('help.thanksNo')
        : verdict === 'already'
          ? t('help.alreadyRated')
          : typeof verdict === 'object'
            ? t('help.rateFailed', { message: verdict.failed })
            : '';
  return (
    <div className="help__helpful">
      {!done && (
        <fieldset className="help__helpful-ask">
          <legend className="help__helpful-legend">{t('help.helpful')}</legend>
          <Button size="sm" loading={verdict === 'sending'} onClick={() => void help.rate(aIds, true)}>
            {t('help.yes')}
          </Button>
          <Button size="sm" loading={verdict === 'sending'} onClick={() => void help.rate(aIds, false)}>
            {t('help.no')}
          </Button>
        </fieldset>
      )}
      <p className="help__thanks" role="status">
        {said}
      </p>
    </div>
  );
}

/** Set when the user opened a place (not the address): the answer opened then takes the focus. */
type Opened = { current: boolean };

function AnswerView({
  help,
  open,
  opened,
}: {
  help: HelpCenterStore;
  open: (place: HelpPlace) => void;
  opened: Opened;
}) {
  const t = useT();
  const { answer, categories } = useStore(help.$state);
  const title = useRef<HTMLHeadingElement>(null);
  const qId = answer.status === 'loaded' ? answer.data.question.q_id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to each answer the user opens
  useEffect(() => {
    if (qId === null || !opened.current) return;
    opened.current = false;
    title.current?.focus();
  }, [qId]);
  if (answer.status === 'loading' || answer.status === 'idle') return <Loading />;
  if (answer.status === 'failed')
    return <Failed state={answer} retry={() => help.go({ kind: 'answer', qId: answer.qId ?? 0 })} />;
  const { question, list, related } = answer.data;
  const topic =
    categories.status === 'loaded' ? categories.data.find((c) => c.qc_id === question.qc_id) : undefined;
  const back: HelpPlace = { kind: 'category', qcId: question.qc_id };
  return (
    <article className="help__answer" aria-labelledby="help-answer-title">
      <a
        className="help__back"
        href={writePlace(back, location.search) || '?'}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          open(back);
        }}
      >
        ‹ {topic ? t('help.back', { name: topic.qc_name }) : t('help.backToList')}
      </a>
      <h2 id="help-answer-title" className="help__answer-title" tabIndex={-1} ref={title}>
        {question.q_name}
      </h2>
      {list.length === 0 ? (
        <p>{t('help.noAnswer')}</p>
      ) : (
        list.map((a) => <AnswerHtml key={a.a_id} html={a.text} />)
      )}
      {list.length > 0 && <Helpful help={help} aIds={list.map((a) => a.a_id)} />}
      {related.length > 0 && (
        <section className="help__related" aria-labelledby="help-related">
          <h3 id="help-related">{t('help.related')}</h3>
          <QuestionLinks questions={related} open={open} />
        </section>
      )}
    </article>
  );
}

function TopicView({ help, open }: { help: HelpCenterStore; open: (place: HelpPlace) => void }) {
  const t = useT();
  const { questions, categories, place } = useStore(help.$state);
  const qcId = place.kind === 'category' ? place.qcId : undefined;
  const topic = categories.status === 'loaded' ? categories.data.find((c) => c.qc_id === qcId) : undefined;
  if (questions.status === 'loading' || questions.status === 'idle') return <Loading />;
  if (questions.status === 'failed') return <Failed state={questions} retry={() => help.go(place)} />;
  return (
    <section className="help__topic" aria-labelledby="help-topic-title">
      <h2 id="help-topic-title">{topic?.qc_name ?? t('help.categories')}</h2>
      <p className="help__count">{t('help.questionCount', { count: questions.data.total })}</p>
      {questions.data.list.length === 0 ? (
        <p>{t('help.noQuestions')}</p>
      ) : (
        <QuestionLinks questions={questions.data.list} open={open} />
      )}
    </section>
  );
}

function SearchResults({ help, open }: { help: HelpCenterStore; open: (place: HelpPlace) => void }) {
  const t = useT();
  const { search } = useStore(help.$state);
  if (search.status === 'idle') return null;
  return (
    <section className="help__results" aria-labelledby="help-results-title">
      <h2 id="help-results-title">{t('help.results', { keyword: search.keyword ?? '' })}</h2>
      {search.status === 'loading' && (
        <p className="help__status" role="status">
          {t('help.searching')}
        </p>
      )}
      {search.status === 'failed' && (
        <ErrorState
          message={t('help.loadFailed', { message: search.error })}
          onRetry={() => void help.searchNow()}
        />
      )}
      {search.status === 'loaded' &&
        (search.data.length === 0 ? (
          <p role="status">{t('help.noResults', { keyword: search.keyword ?? '' })}</p>
        ) : (
          <QuestionLinks
            questions={search.data}
            open={(place) => {
              help.clearSearch();
              open(place);
            }}
          />
        ))}
    </section>
  );
}

function Topics({ help, open }: { help: HelpCenterStore; open: (place: HelpPlace) => void }) {
  const t = useT();
  const { categories, place, answer } = useStore(help.$state);
  const current =
    place.kind === 'category'
      ? place.qcId
      : place.kind === 'answer' && answer.status === 'loaded'
        ? answer.data.question.qc_id
        : null;
  return (
    <nav className="help__topics" aria-labelledby="help-topics-title">
      <h2 id="help-topics-title" className="help__topics-title">
        {t('help.categories')}
      </h2>
      {categories.status === 'loading' && <Loading />}
      <Failed state={categories} retry={() => void help.loadCategories()} />
      {categories.status === 'loaded' && (
        <ul className="help__topic-list">
          {categories.data.map((c) => {
            const target: HelpPlace = { kind: 'category', qcId: c.qc_id };
            return (
              <li key={c.qc_id}>
                <a
                  className="help__topic-link"
                  href={writePlace(target, location.search)}
                  aria-current={current === c.qc_id ? 'page' : undefined}
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    open(target);
                  }}
                >
                  {c.qc_name}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

function ChatCorner({ help }: { help: HelpCenterStore }) {
  const t = useT();
  const { place, answer, search } = useStore(help.$state);
  // the portal mounts its chat beside the page: looked for at each render, not once
  if (!chatLauncher()) return null;
  const question =
    place.kind === 'answer' && answer.status === 'loaded'
      ? { q_id: answer.data.question.q_id, q_name: answer.data.question.q_name }
      : search.status === 'loaded' && search.data.length === 0
        ? (search.keyword ?? null)
        : null;
  return (
    <aside className="help__chat" aria-label={t('help.askChat')}>
      <p>{t('help.askChatHint')}</p>
      <Button variant="primary" guardMs={0} onClick={() => void askInChat(question)}>
        {t('help.askChat')}
      </Button>
    </aside>
  );
}

/** The help centre: topics, their questions, answers, search, "was this helpful" and the chat. */
export function HelpCenter({ help }: HelpCenterProps) {
  const t = useT();
  const { place, keyword, search, categories } = useStore(help.$state);
  const opened = useRef(false);
  const open = useAddress(help, opened);
  const inputId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the topics are loaded once; a language switch reloads them in the store
  useEffect(() => {
    if (help.$state.get().categories.status === 'idle') void help.loadCategories();
  }, []);
  const searching = search.status !== 'idle';
  return (
    <div className="help">
      <header className="help__head">
        <h1 className="help__title">{t('help.title')}</h1>
        <p className="help__intro">{t('help.intro')}</p>
        <search className="help__search-box">
          <form
            className="help__search"
            onSubmit={(event) => {
              event.preventDefault();
              void help.searchNow();
            }}
          >
            <label htmlFor={inputId} className="help__search-label">
              {t('help.search')}
            </label>
            <div className="help__search-row">
              <input
                id={inputId}
                className="lp-input help__search-input"
                type="search"
                value={keyword}
                maxLength={50}
                placeholder={t('help.searchPlaceholder')}
                onChange={(event) => help.type(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && keyword) {
                    event.preventDefault();
                    help.clearSearch();
                  }
                }}
              />
              {keyword && (
                <Button variant="text" guardMs={0} onClick={() => help.clearSearch()}>
                  {t('help.clearSearch')}
                </Button>
              )}
            </div>
          </form>
        </search>
      </header>
      <div className="help__body">
        <Topics help={help} open={open} />
        <div className="help__content">
          {searching ? (
            <SearchResults help={help} open={open} />
          ) : place.kind === 'answer' ? (
            <AnswerView help={help} open={open} opened={opened} />
          ) : place.kind === 'category' ? (
            <TopicView help={help} open={open} />
          ) : (
            categories.status === 'loaded' && <p className="help__pick">{t('help.pickCategory')}</p>
          )}
          <ChatCorner help={help} />
        </div>
      </div>
    </div>
  );
}
