/**
 * The words both excursion pages use (`<lp-excursion-list>`, `<lp-excursion-case>`): a case's
 * state, level, budget state and decision, a stock line's hold, durations.
 */
export const zh = {
  'excursions.state.open': '待处理',
  'excursions.state.assessment': '评估中',
  'excursions.state.decided': '已决定',
  'excursions.state.closed': '已关闭',
  'excursions.level.low': '轻度',
  'excursions.level.medium': '中度',
  'excursions.level.high': '严重',
  'excursions.budget.within': '在预算内',
  'excursions.budget.over': '超出预算',
  'excursions.budget.none': '无预算',
  'excursions.decision.release': '放行',
  'excursions.decision.quarantine': '隔离',
  'excursions.decision.destroy': '销毁',
  'excursions.decision.return': '退回仓库',
  'excursions.hold.none': '可用',
  'excursions.hold.on_hold': '暂扣待决',
  'excursions.hold.quarantined': '已隔离',
  'excursions.minutes': '{m} 分钟',
  'excursions.hours': '{h} 小时',
  'excursions.hoursMinutes': '{h} 小时 {m} 分钟',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'excursions.state.open': 'Open',
  'excursions.state.assessment': 'Under assessment',
  'excursions.state.decided': 'Decided',
  'excursions.state.closed': 'Closed',
  'excursions.level.low': 'Minor',
  'excursions.level.medium': 'Moderate',
  'excursions.level.high': 'Severe',
  'excursions.budget.within': 'Within budget',
  'excursions.budget.over': 'Over budget',
  'excursions.budget.none': 'No budget',
  'excursions.decision.release': 'Release',
  'excursions.decision.quarantine': 'Quarantine',
  'excursions.decision.destroy': 'Destroy',
  'excursions.decision.return': 'Return to depot',
  'excursions.hold.none': 'Available',
  'excursions.hold.on_hold': 'On hold',
  'excursions.hold.quarantined': 'Quarantined',
  'excursions.minutes': '{m} min',
  'excursions.hours': '{h} h',
  'excursions.hoursMinutes': '{h} h {m} min',
};
