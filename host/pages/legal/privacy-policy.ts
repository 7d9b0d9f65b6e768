import type { LegalDocument } from './legal-document.ts';

/** The portal's privacy policy (zh-CN authoritative, en for reference). */
export const privacyPolicy: LegalDocument = {
  'zh-CN': {
    title: '隐私政策',
    updated: '更新日期：2026 年 11 月 1 日',
    sections: [
      {
        heading: '一、我们收集的信息',
        paragraphs: [
          '账户信息：账号、姓名、手机号码、所属客户单位与用户组。',
          '业务信息：您创建的订单、草稿、附件、地址、医院与项目信息。',
          '使用记录：登录时间、操作记录与前端错误报告，用于保障安全与改进服务。',
        ],
      },
      {
        heading: '二、信息的使用',
        paragraphs: [
          '我们仅为完成运输服务、账户安全验证（如短信验证码）、客户服务与法定义务使用上述信息。',
          '受试者相关信息按数据保护规则脱敏显示，不用于任何与履约无关的目的。',
        ],
      },
      {
        heading: '三、信息的保存与保护',
        paragraphs: [
          '密码以不可逆的加盐哈希保存；登录凭证仅保存其摘要。数据传输与存储均采取访问控制，每次查询均限定在您的账户与客户单位范围内。',
          '业务数据按合同与法规要求的期限保存，期满后删除或匿名化。',
        ],
      },
      {
        heading: '四、您的权利',
        paragraphs: ['您可以查询、更正您的账户信息，或通过客服申请注销账户。'],
      },
      {
        heading: '五、联系我们',
        paragraphs: ['如对本政策有任何疑问，请通过系统内“关于系统”中的客服电话与我们联系。'],
      },
    ],
  },
  en: {
    title: 'Privacy policy',
    updated: 'Updated 1 November 2026',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account data: account name, name, mobile number, customer organisation and user group.',
          'Business data: the orders, drafts, attachments, addresses, hospitals and projects you create.',
          'Usage records: sign-in times, action records and front-end error reports, kept for security and to improve the service.',
        ],
      },
      {
        heading: '2. How we use it',
        paragraphs: [
          'Only to carry out transport, to verify your account (for example SMS codes), for customer service and for legal duties.',
          'Information about trial subjects is masked under the data-protection rules and used for nothing but delivery.',
        ],
      },
      {
        heading: '3. Storage and protection',
        paragraphs: [
          'Passwords are stored as salted one-way hashes and sign-in tokens only as digests. Every query is limited to your account and customer organisation.',
          'Business data is kept as long as contracts and regulations require, then deleted or anonymised.',
        ],
      },
      {
        heading: '4. Your rights',
        paragraphs: [
          'You may view and correct your account data, or ask customer service to close your account.',
        ],
      },
      {
        heading: '5. Contact',
        paragraphs: ['For questions about this policy, call the service number shown under "About system".'],
      },
    ],
  },
};
