import { describe, expect, it } from 'vitest';
import { kindFromName } from './document-kind.ts';

describe('kindFromName', () => {
  it('reads the kind a file name says, in Chinese or English', () => {
    expect(
      [
        '装箱单-0312.pdf',
        'Packing_List_LP2026.xlsx',
        '温度报告.pdf',
        'logger-export.csv',
        '签收单扫描.jpg',
        'POD_0312.png',
        '报关单.pdf',
        'waybill-signed.pdf',
      ].map(kindFromName),
    ).toEqual([
      'packing_list',
      'packing_list',
      'temperature_report',
      'temperature_report',
      'pod',
      'pod',
      'customs',
      'print_scan',
    ]);
  });

  it('says nothing for a name that says nothing (a photo, a word inside another)', () => {
    expect(
      ['IMG_2041.png', 'scan.pdf'.replace('scan', 'photo'), 'ipod.txt', 'report.docx'].map(kindFromName),
    ).toEqual([null, null, null, null]);
  });
});
