import '../../i18n/areas/projects.ts';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ORDER_STATUSES } from '../../contract/orders/domain.ts';
import type { ProjectConf, ProjectSite } from '../../contract/master-data/schemas.ts';
import { navigate } from '../../stores/navigation.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { createProjectOrdersStore, ProjectOrders, projectOrdersPath } from './project-orders.tsx';
import { type Section, useProject } from './use-project.ts';

const PROJECT_LIST_PATH = '/customer-project/index';

/** The stability budgets: their form and the contract's rules for it load with the section (a chunk). */
const StabilitySection = lazy(() =>
  import('./stability-section.tsx').then((m) => ({ default: m.StabilitySection })),
);

export interface ProjectViewProps {
  /** The project's id (`/customer-project/view/{id}`); null: none given (reads as not found). */
  projectId: number | null;
  /** The page's tab title: the protocol number, once the project is shown. */
  onTitle?: (title: string) => void;
  onOpenOrder?: (order: { id: number; order_no: string }) => void;
}

/** A link inside the portal: a plain click navigates without reloading, a modified one is the browser's. */
function PortalLink({ href, hint, children }: { href: string; hint?: string; children: ReactNode }) {
  return (
    <a
      className="project-link"
      href={href}
      title={hint}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** A section's content when its call answered; its own loading and failure lines otherwise. */
function SectionBody<T>({ section, children }: { section: Section<T>; children: (value: T) => ReactNode }) {
  const t = useT();
  if (section.state === 'loading') return <p className="project-muted">{t('common.loading')}</p>;
  if (section.state === 'failed')
    return (
      <p className="project-error" role="alert">
        {t('projects.view.sectionFailed')}
      </p>
    );
  return <>{children(section.value)}</>;
}

const dayFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short' });

function Chips({ items, none }: { items: readonly string[]; none: string }) {
  if (items.length === 0) return <span className="project-muted">{none}</span>;
  return (
    <span className="project-tags">
      {items.map((item) => (
        <span key={item} className="project-tag">
          {item}
        </span>
      ))}
    </span>
  );
}

/** The document kinds the portal names (a project may require others; they show as sent). */
const KINDS = ['packing_list', 'temperature_report', 'pod', 'customs', 'print_scan', 'other'] as const;
const isKnownKind = (kind: string): kind is (typeof KINDS)[number] =>
  (KINDS as readonly string[]).includes(kind);

function Configuration({ conf, hours }: { conf: ProjectConf; hours: number | null }) {
  const t = useT();
  const kind = (k: string) => (isKnownKind(k) ? t(`projects.kind.${k}`) : k);
  return (
    <dl className="project-facts">
      <dt>{t('projects.view.goodsTypes')}</dt>
      <dd>
        <Chips items={conf.goods_types.map((g) => t(`projects.goods.${g}`))} none="—" />
      </dd>
      <dt>{t('projects.view.tempClasses')}</dt>
      <dd>
        <Chips items={conf.temp_classes.map((c) => t(`projects.temp.${c}`))} none="—" />
      </dd>
      <dt>{t('projects.view.orderTypes')}</dt>
      <dd>
        <Chips items={conf.order_types.map((o) => t(`projects.type.${o}`))} none="—" />
      </dd>
      <dt>{t('projects.view.documents')}</dt>
      <dd>
        <Chips items={conf.required_attachments.map(kind)} none={t('projects.view.noDocuments')} />
      </dd>
      <dt>{t('projects.view.dtp')}</dt>
      <dd>{t(conf.dtp_allowed ? 'projects.view.dtpAllowed' : 'projects.view.dtpNotAllowed')}</dd>
      <dt>{t('projects.view.timeLimit')}</dt>
      <dd>{hours === null ? t('projects.view.noLimit') : t('projects.view.hours', { n: hours })}</dd>
    </dl>
  );
}

function Sites({ sites }: { sites: readonly ProjectSite[] }) {
  const t = useT();
  if (sites.length === 0) return <p className="project-muted">{t('projects.view.noSites')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="project-scroll" aria-label={t('projects.view.sitesTable')} tabIndex={0}>
      <table className="project-table">
        <thead>
          <tr>
            <th scope="col">{t('projects.view.site.no')}</th>
            <th scope="col">{t('projects.view.site.name')}</th>
            <th scope="col">{t('projects.view.site.department')}</th>
            <th scope="col">{t('projects.view.site.investigator')}</th>
            <th scope="col">{t('projects.view.site.city')}</th>
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => (
            <tr key={site.ho_id}>
              <td>{site.site_no || '—'}</td>
              <th scope="row">{site.name}</th>
              <td>{site.department || '—'}</td>
              <td>{site.investigator || '—'}</td>
              <td>{site.city || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * One project of the customer: overview, tags, orders per status, order configuration, sites,
 * and a page of its orders; another customer's project (404) reads "does not exist or is not
 * yours". Each section has its own call and its own failure line.
 */
export function ProjectView({ projectId, onTitle, onOpenOrder }: ProjectViewProps) {
  const t = useT();
  const { load, reload } = useProject(projectId);
  const [orders] = useState(() => (projectId === null ? null : createProjectOrdersStore(projectId)));

  const title = load.state === 'ready' ? load.project.protocol_no : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the title changes, not per render
  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title]);

  if (load.state === 'loading')
    return (
      <div className="project-view" part="base" aria-busy="true">
        <p className="project-muted">{t('common.loading')}</p>
      </div>
    );
  if (load.state === 'not-found')
    return (
      <div className="project-view" part="base">
        <EmptyState message={t('projects.view.notFound')}>
          <p className="project-muted">{t('projects.view.notFoundHint')}</p>
          <PortalLink href={PROJECT_LIST_PATH}>{t('projects.view.backToList')}</PortalLink>
        </EmptyState>
      </div>
    );
  if (load.state === 'failed')
    return (
      <div className="project-view" part="base">
        <ErrorState message={load.message || t('projects.view.loadFailed')} onRetry={reload} />
      </div>
    );

  const { project, sections } = load;
  return (
    <article className="project-view" part="base" aria-labelledby="project-view-title">
      <header className="project-view__header">
        <PortalLink href={PROJECT_LIST_PATH}>{t('projects.view.backToList')}</PortalLink>
        <h1 id="project-view-title" className="project-view__title">
          <span>{project.protocol_no}</span> <span className="project-view__name">{project.name}</span>
        </h1>
        <span className="project-badge" data-status={project.status}>
          {t(`projects.status.${project.status}`)}
        </span>
      </header>

      <section className="project-card" aria-labelledby="project-overview">
        <h2 id="project-overview">{t('projects.view.overview')}</h2>
        <dl className="project-facts">
          <dt>{t('projects.view.phase')}</dt>
          <dd>{project.phase || '—'}</dd>
          <dt>{t('projects.view.sponsor')}</dt>
          <dd>{project.sponsor || '—'}</dd>
          <dt>{t('projects.view.created')}</dt>
          <dd>{dayFormat.format(new Date(project.created_at))}</dd>
          <dt>{t('projects.view.tags')}</dt>
          <dd>
            <SectionBody section={sections.tags}>
              {(tags) => <Chips items={tags.map((x) => x.tag)} none={t('projects.view.noTags')} />}
            </SectionBody>
          </dd>
        </dl>
      </section>

      <section className="project-card" aria-labelledby="project-data">
        <h2 id="project-data">{t('projects.view.data')}</h2>
        <SectionBody section={sections.data}>
          {(data) => (
            <ul className="project-counts">
              {(['all', ...ORDER_STATUSES] as const).map((status) => (
                <li key={status} className="project-count" data-status={status}>
                  <PortalLink
                    href={projectOrdersPath(project.pr_id, status)}
                    hint={t('projects.view.countLink', {
                      status: t(`projects.orderStatus.${status}`),
                      n: data.counts[status],
                    })}
                  >
                    <span className="project-count__n">{data.counts[status]}</span>
                    <span className="project-muted">{t(`projects.orderStatus.${status}`)}</span>
                  </PortalLink>
                </li>
              ))}
            </ul>
          )}
        </SectionBody>
      </section>

      <section className="project-card" aria-labelledby="project-conf">
        <h2 id="project-conf">{t('projects.view.conf')}</h2>
        <SectionBody section={sections.conf}>
          {(conf) => (
            <Configuration
              conf={conf}
              hours={
                sections.limit.state === 'ready'
                  ? sections.limit.value.time_limit_hours
                  : conf.time_limit_hours
              }
            />
          )}
        </SectionBody>
      </section>

      <section className="project-card" aria-labelledby="project-sites">
        <h2 id="project-sites">
          {t('projects.view.sites', {
            n: sections.sites.state === 'ready' ? sections.sites.value.length : project.site_count,
          })}
        </h2>
        <SectionBody section={sections.sites}>{(sites) => <Sites sites={sites} />}</SectionBody>
      </section>

      <Suspense fallback={<p className="project-muted">{t('common.loading')}</p>}>
        <StabilitySection prId={project.pr_id} protocolNo={project.protocol_no} />
      </Suspense>

      <section className="project-card" aria-labelledby="project-orders">
        <div className="project-card__head">
          <h2 id="project-orders">{t('projects.view.orders')}</h2>
          <PortalLink href={projectOrdersPath(project.pr_id)}>{t('projects.view.allOrders')}</PortalLink>
        </div>
        {orders && (
          <ProjectOrders
            orders={orders}
            protocolNo={project.protocol_no}
            {...(onOpenOrder ? { onOpenOrder } : {})}
          />
        )}
      </section>
    </article>
  );
}
