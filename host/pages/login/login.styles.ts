import { css } from '../../../src/ui/index.ts';

/** The sign-in page: brand panel beside the form on wide screens, stacked below 880 px. */
export const loginCss = css`
  .lp-login {
    --lp-login-mark-ink: var(--lp-color-primary-strong);
    display: grid;
    grid-template-columns: minmax(320px, 5fr) 7fr;
    min-height: 100vh;
    min-height: 100dvh;
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text);
    font-family: var(--lp-font-family);
    font-size: var(--lp-font-size-md);
    line-height: var(--lp-line-height);
  }
  .lp-login__brand {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: 40px;
    padding: 48px 48px 32px;
    overflow: hidden;
    background:
      radial-gradient(circle at 85% 10%, rgb(255 255 255 / 14%) 0 120px, transparent 121px),
      radial-gradient(circle at 0% 100%, rgb(255 255 255 / 10%) 0 180px, transparent 181px),
      linear-gradient(155deg, #00707a 0%, var(--lp-color-primary-strong) 55%, #005a63 100%);
    color: #fff;
  }
  .lp-login__brand-top {
    display: flex;
    align-items: center;
    gap: 14px;
    color: #fff;
  }
  .lp-login__product {
    margin: 0;
    font-size: 22px;
    font-weight: 600;
    letter-spacing: 0.02em;
  }
  .lp-login__product-full {
    margin: 2px 0 0;
    font-size: var(--lp-font-size-md);
    opacity: 0.92;
  }
  .lp-login__features {
    display: flex;
    flex-direction: column;
    gap: 18px;
    margin: auto 0 0;
    padding: 0;
    list-style: none;
    font-size: 15px;
  }
  .lp-login__features li {
    display: flex;
    align-items: flex-start;
    gap: 10px;
  }
  .lp-login__features svg {
    flex: none;
    margin-top: 2px;
  }
  .lp-login__route {
    width: 100%;
    max-width: 420px;
    height: auto;
    margin-top: 8px;
  }
  .lp-login__main {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: var(--lp-space-4);
    padding: 72px 24px 32px;
  }
  .lp-login__lang {
    position: absolute;
    top: 20px;
    right: 24px;
  }
  .lp-login__card {
    width: 100%;
    max-width: 400px;
    padding: 36px 32px 28px;
    border-radius: 12px;
    background: var(--lp-color-bg);
    box-shadow: 0 1px 2px rgb(15 23 42 / 6%), 0 12px 32px rgb(15 23 42 / 10%);
  }
  .lp-login__header {
    margin-bottom: var(--lp-space-5);
  }
  .lp-login__heading {
    margin: 0;
    font-size: 24px;
    font-weight: 600;
    line-height: 1.3;
  }
  .lp-login__subtitle {
    margin: 6px 0 0;
    color: var(--lp-color-text-muted);
  }
  .lp-login .lp-login__input {
    height: 40px;
    font-size: 15px;
  }
  .lp-login__password {
    position: relative;
  }
  .lp-login__password .lp-login__input {
    padding-right: 44px;
  }
  .lp-login__reveal {
    position: absolute;
    top: 0;
    right: 0;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    padding: 0;
    border: 0;
    border-radius: var(--lp-radius);
    background: transparent;
    color: var(--lp-color-text-muted);
    cursor: pointer;
  }
  .lp-login__reveal:hover,
  .lp-login__reveal[aria-pressed='true'] {
    color: var(--lp-color-primary-strong);
  }
  .lp-login__captcha {
    display: flex;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .lp-login__captcha .lp-login__input {
    flex: 1;
    min-width: 0;
    text-transform: uppercase;
    letter-spacing: 0.12em;
  }
  .lp-login__captcha .lp-login__input--plain {
    text-transform: none;
    letter-spacing: normal;
  }
  .lp-login__send {
    flex: none;
    min-width: 9em;
  }
  .lp-login__sent:empty {
    display: none;
  }
  .lp-login__sent {
    margin: calc(-1 * var(--lp-space-2)) 0 var(--lp-space-3);
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-login__switch {
    display: block;
    margin: calc(-1 * var(--lp-space-2)) 0 var(--lp-space-3);
    padding: 2px 0;
    border: 0;
    background: none;
    color: var(--lp-color-primary-strong);
    font: inherit;
    font-size: var(--lp-font-size-sm);
    text-decoration: underline;
    cursor: pointer;
  }
  .lp-login__captcha-image {
    flex: none;
    width: 182px;
    height: 62px;
    padding: 0;
    overflow: hidden;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: #fff;
    cursor: pointer;
  }
  .lp-login__captcha-image img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  .lp-login__notice {
    margin: 0 0 var(--lp-space-4);
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid #f0c36d;
    border-left-width: 4px;
    border-radius: var(--lp-radius);
    background: #fff8e6;
    color: var(--lp-color-text);
    font-size: var(--lp-font-size-md);
  }
  .lp-login__form-error {
    min-height: 20px;
    margin: -4px 0 var(--lp-space-3);
    color: var(--lp-color-danger);
    font-size: var(--lp-font-size-md);
  }
  .lp-login__form-error:empty {
    margin-bottom: var(--lp-space-2);
  }
  .lp-login__submit {
    width: 100%;
    min-height: 42px;
    font-size: 16px;
    letter-spacing: 0.04em;
  }
  .lp-login__legal {
    margin: var(--lp-space-4) 0 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
    text-align: center;
  }
  .lp-login__legal a {
    color: var(--lp-color-primary-strong);
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .lp-login__help {
    margin: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
    text-align: center;
  }
  .lp-lang {
    display: inline-flex;
    flex: none;
    min-width: 0;
    margin: 0;
    padding: 2px;
    border: 1px solid var(--lp-color-border);
    border-radius: 999px;
    background: var(--lp-color-bg);
  }
  .lp-lang__option {
    min-height: 28px;
    padding: 0 12px;
    border: 0;
    border-radius: 999px;
    background: transparent;
    color: var(--lp-color-text-muted);
    font: inherit;
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
    cursor: pointer;
  }
  .lp-lang__option[aria-pressed='true'] {
    background: var(--lp-color-primary-strong);
    color: var(--lp-color-on-primary);
  }
  @media (max-width: 880px) {
    .lp-login {
      grid-template-columns: 1fr;
      grid-template-rows: auto 1fr;
    }
    .lp-login__brand {
      gap: 0;
      padding: 20px 24px;
    }
    .lp-login__features,
    .lp-login__route {
      display: none;
    }
    .lp-login__main {
      justify-content: flex-start;
      padding-top: 64px;
    }
    .lp-login__lang {
      top: 16px;
      right: 16px;
    }
  }
  @media (max-width: 480px) {
    .lp-login__brand {
      padding: 16px;
    }
    .lp-login__product {
      font-size: 18px;
    }
    .lp-login__main {
      padding: 60px 12px 24px;
    }
    .lp-login__card {
      padding: 24px 18px 20px;
      border-radius: 10px;
    }
    .lp-login__heading {
      font-size: 20px;
    }
  }
`;
