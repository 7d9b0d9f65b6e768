import { css } from '../../src/ui/index.ts';
import { loginCss } from './login/login.styles.ts';

/** The full-screen pages other than login: error pages, legal texts, the sign-in hand-over pages. */
export const standaloneCss = css`
  .lp-standalone {
    display: flex;
    flex-direction: column;
    min-height: 100vh;
    min-height: 100dvh;
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text);
    font-family: var(--lp-font-family);
    font-size: var(--lp-font-size-md);
    line-height: var(--lp-line-height);
  }
  .lp-standalone__bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-3);
    padding: 12px 24px;
    background: var(--lp-color-bg);
    border-bottom: 1px solid var(--lp-color-border);
  }
  .lp-standalone__brand {
    --lp-login-mark-ink: #fff;
    display: inline-flex;
    align-items: center;
    gap: 10px;
    color: var(--lp-color-primary-strong);
    font-weight: 600;
    font-size: 16px;
    text-decoration: none;
  }
  .lp-standalone__brand span {
    color: var(--lp-color-text);
  }
  .lp-standalone__main {
    flex: 1;
    display: flex;
    flex-direction: column;
    align-items: center;
    padding: 32px 16px 48px;
  }
  .lp-link {
    color: var(--lp-color-primary-strong);
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .lp-link-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 36px;
    padding: 0 18px;
    border: 1px solid var(--lp-color-primary-strong);
    border-radius: var(--lp-radius);
    background: var(--lp-color-primary-strong);
    color: var(--lp-color-on-primary);
    text-decoration: none;
    font-size: var(--lp-font-size-md);
  }
  .lp-link-button--plain {
    background: var(--lp-color-bg);
    color: var(--lp-color-primary-strong);
  }
  .lp-error-page__card,
  .lp-handover__card {
    width: 100%;
    max-width: 520px;
    margin: auto 0;
    padding: 40px 32px;
    border-radius: 12px;
    background: var(--lp-color-bg);
    box-shadow: 0 12px 32px rgb(15 23 42 / 10%);
    text-align: center;
  }
  .lp-error-page__code {
    margin: 0;
    color: var(--lp-color-primary-strong);
    font-size: 72px;
    font-weight: 700;
    line-height: 1;
    letter-spacing: 0.04em;
  }
  .lp-error-page__title,
  .lp-handover__title {
    margin: 16px 0 8px;
    font-size: 22px;
    font-weight: 600;
  }
  .lp-error-page__text,
  .lp-handover__text {
    margin: 0 0 24px;
    color: var(--lp-color-text-muted);
  }
  .lp-error-page__actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--lp-space-3);
  }
  .lp-handover__spinner {
    display: inline-block;
    width: 36px;
    height: 36px;
    border: 3px solid var(--lp-color-primary-soft);
    border-top-color: var(--lp-color-primary);
    border-radius: 50%;
    animation: lp-handover-spin 0.9s linear infinite;
  }
  @keyframes lp-handover-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .lp-handover__spinner {
      animation-duration: 3s;
    }
  }
  .lp-legal {
    width: 100%;
    max-width: 820px;
    padding: 32px 40px 40px;
    border-radius: 12px;
    background: var(--lp-color-bg);
    box-shadow: 0 1px 2px rgb(15 23 42 / 6%);
  }
  .lp-legal__title {
    margin: 0;
    font-size: 26px;
    font-weight: 600;
  }
  .lp-legal__updated {
    margin: 6px 0 24px;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-legal__section h2 {
    margin: 24px 0 8px;
    font-size: 17px;
    font-weight: 600;
  }
  .lp-legal__section p {
    margin: 0 0 10px;
    line-height: 1.75;
  }
  .lp-legal__back {
    margin-top: 32px;
  }
  .lp-track__card,
  .lp-supplier__card,
  .lp-station__card {
    width: 100%;
    max-width: 760px;
    padding: 28px 32px 32px;
    border-radius: 12px;
    background: var(--lp-color-bg);
    box-shadow: 0 1px 2px rgb(15 23 42 / 6%);
  }
  .lp-track__title,
  .lp-supplier__title,
  .lp-station__title {
    margin: 0;
    font-size: 24px;
    font-weight: 600;
  }
  .lp-track__intro,
  .lp-track__muted,
  .lp-supplier__muted,
  .lp-station__intro,
  .lp-station__muted {
    margin: 6px 0 20px;
    color: var(--lp-color-text-muted);
  }
  .lp-track__status {
    display: block;
  }
  .lp-station__card {
    max-width: 1120px;
  }
  .lp-station__list {
    display: block;
  }
  .lp-supplier__element {
    display: block;
    margin-top: 16px;
  }
  @media (max-width: 600px) {
    .lp-standalone__bar {
      padding: 10px 12px;
    }
    .lp-standalone__brand {
      font-size: 14px;
      line-height: 1.3;
    }
    .lp-standalone__main {
      padding: 16px 8px 32px;
    }
    .lp-legal,
    .lp-track__card,
    .lp-supplier__card,
    .lp-station__card {
      padding: 20px 16px 28px;
    }
    .lp-legal__title {
      font-size: 21px;
    }
    .lp-error-page__card,
    .lp-handover__card {
      padding: 32px 18px;
    }
    .lp-error-page__code {
      font-size: 56px;
    }
  }
`;

/** Everything the host's standalone pages need (the sign-in page included), for the host sheet. */
export const pagesCss = `${loginCss}\n${standaloneCss}`;
