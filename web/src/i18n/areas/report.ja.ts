/** レポート画面（/plan-report）の日本語テキスト。 */
const reportJa = {
  report: {
    plan: {
      intro: '日付の範囲（UTC）でメッセージを比較します：送信、失敗、開封、クリック。',
      messages: 'メッセージ',
      choose: 'メッセージを選択…',
      loading: '読み込み中…',
      noMessages: 'まだメッセージがありません。',
      chooseMessages: 'メッセージを1つ以上選んでください！',
      tooMany: '1つのレポートに含められるメッセージは {{max}} 件までです。',
      slow: '{{count}} 件のメッセージを選択中：{{max}} 件を超えるレポートは時間がかかることがあります。',
      start: '開始日（UTC）',
      end: '終了日（UTC）',
      dateRequired: '日付を選んでください！',
      startBeforeEnd: '開始日は終了日より前にしてください。',
      run: 'レポートを作成',
      csv: 'CSV をダウンロード',
      word: 'Word をダウンロード',
      message: 'メッセージ',
      group: 'グループ',
      total: '合計',
      caption: '{{start}} から {{end}} までのプランレポート',
    },
  },
};
export default reportJa;
