import type { LegalDocument } from './legal-document.ts';

/** The portal's service agreement (zh-CN authoritative, en for reference). */
export const serviceAgreement: LegalDocument = {
  'zh-CN': {
    title: '服务协议',
    updated: '更新日期：2026 年 11 月 1 日',
    sections: [
      {
        heading: '一、协议范围',
        paragraphs: [
          '本协议适用于您通过物流客户系统（以下简称“本系统”）使用的订单创建、审核、取消、合并、附件、打印、库存查询、项目与地址管理及在线客服等服务。',
          '您以所属客户单位的名义使用本系统，并确认已获得该单位的授权。',
        ],
      },
      {
        heading: '二、账户与安全',
        paragraphs: [
          '账户仅限本人使用，请勿转借他人。密码须为 8–16 位，且至少包含大写字母、小写字母、数字、特殊符号中的三类。',
          '同一账户在其他地点登录后，原登录会话将失效。连续多次输入错误密码后，账户将被暂时锁定。',
          '如发现账户被盗用，请立即修改密码并联系客服。',
        ],
      },
      {
        heading: '三、订单与运输',
        paragraphs: [
          '您提交的运输订单信息（包括取件与收件地址、联系人、药品与温区要求）应真实、准确、完整。因信息错误导致的延误或损失由提交方承担。',
          '冷链订单的温度记录以承运过程中的监控数据为准；发生温度偏离时，我们将按照双方确认的偏离处理流程通知您。',
          '订单在承运前可按系统规则取消；已开始承运的订单需联系客服处理。',
        ],
      },
      {
        heading: '四、受保护数据',
        paragraphs: [
          '直送患者（DTP）等涉及受试者信息的订单，系统将按数据保护规则对收件人姓名、电话、地址等信息进行脱敏显示，仅在履约必需的范围内使用。',
        ],
      },
      {
        heading: '五、责任与变更',
        paragraphs: [
          '因不可抗力、第三方网络故障等原因导致服务中断的，我们将尽力恢复并及时通知。',
          '本协议的变更将在本系统公布，变更后继续使用即视为接受。',
        ],
      },
    ],
  },
  en: {
    title: 'Service agreement',
    updated: 'Updated 1 November 2026',
    sections: [
      {
        heading: '1. Scope',
        paragraphs: [
          'This agreement covers the services you use through the logistics client system ("the system"): creating, reviewing, cancelling, merging, attaching files to and printing orders, inventory, projects and addresses, and the online customer service.',
          'You use the system on behalf of your customer organisation and confirm that it has authorised you to do so.',
        ],
      },
      {
        heading: '2. Account and security',
        paragraphs: [
          'Accounts are personal. Passwords are 8–16 characters and contain at least three of: uppercase letters, lowercase letters, digits and special symbols.',
          'Signing in elsewhere ends the earlier session. After repeated wrong passwords the account is locked for a while.',
          'If you suspect misuse of your account, change your password and contact customer service at once.',
        ],
      },
      {
        heading: '3. Orders and transport',
        paragraphs: [
          'Order details you submit (pick-up and delivery addresses, contacts, drugs and temperature ranges) must be true, accurate and complete; delays or losses caused by wrong details are borne by the submitter.',
          'For cold-chain orders the monitoring data recorded during transport is authoritative; after a temperature excursion we notify you according to the agreed excursion procedure.',
          'Orders can be cancelled in the system until transport begins; after that, please contact customer service.',
        ],
      },
      {
        heading: '4. Protected data',
        paragraphs: [
          'For direct-to-patient (DTP) and other orders that involve trial subjects, the recipient name, phone and address are masked and used only as far as delivery requires.',
        ],
      },
      {
        heading: '5. Liability and changes',
        paragraphs: [
          'If the service is interrupted by force majeure or third-party network failures, we restore it as soon as we can and keep you informed.',
          'Changes to this agreement are published in the system; continuing to use it means you accept them.',
        ],
      },
    ],
  },
};
