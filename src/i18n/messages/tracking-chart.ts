/** Messages of `<lp-order-status>`'s temperature chunk (loaded with the chart only). */
export const zh = {
  'trackingChart.tempEmpty': '暂无温度数据',
  'trackingChart.tempChart': '温度曲线（°C），虚线为允许范围，红色区域为偏离时段',
  'trackingChart.tempSummary': '{count} 条读数，{min} °C 至 {max} °C；允许范围 {range}',
  'trackingChart.tempNoExcursion': '全程未发生温度偏离',
  'trackingChart.tempExcursion': '{from} – {to}，{minutes} 分钟，峰值 {peak} °C（{level}）',
  'trackingChart.tempTable': '温度读数',
  'trackingChart.time': '时间',
  'trackingChart.celsius': '温度（°C）',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'trackingChart.tempEmpty': 'No temperature readings yet',
  'trackingChart.tempChart': 'Temperature (°C); dashed lines are the allowed range, red bands the excursions',
  'trackingChart.tempSummary': '{count} readings from {min} °C to {max} °C; allowed range {range}',
  'trackingChart.tempNoExcursion': 'No excursion during the whole trip',
  'trackingChart.tempExcursion': '{from} – {to}, {minutes} min, peak {peak} °C ({level})',
  'trackingChart.tempTable': 'Temperature readings',
  'trackingChart.time': 'Time',
  'trackingChart.celsius': 'Temperature (°C)',
};
