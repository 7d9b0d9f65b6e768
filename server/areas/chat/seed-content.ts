/**
 * Help-desk content of the customer-service chat (zh-CN): categories, questions with search
 * keywords, answers as HTML (sanitized on the way in by saveAnswer) and related questions by key.
 * `{phone}` in an answer is replaced by the service phone of the installation.
 */

export interface SeedQuestion {
  key: string;
  q: string;
  /** Extra search words (synonyms, English terms), space separated. */
  keywords: string;
  answer: string;
  related?: string[];
  /** Rank among the hot questions of the welcome message. */
  hot?: number;
}

export interface SeedCategory {
  name: string;
  questions: SeedQuestion[];
}

export const WELCOME =
  '您好，我是在线客服小助手！您可以点击下方的热门问题或问题分类，也可以直接输入您想咨询的内容。人工客服服务时间：工作日 8:30–18:00。';

const ORDERING: SeedCategory = {
  name: '下单',
  questions: [
    {
      key: 'order-create',
      q: '如何创建运输订单？',
      keywords: '新建订单 下单 创建 运单 发货 order create',
      hot: 1,
      answer: `<p>在门户中创建运输订单的步骤：</p>
<ol>
<li>打开 <a href="/customer-order/create">订单管理 › 新建订单</a>。</li>
<li>选择<strong>项目</strong>（临床试验项目或商业项目），系统会带出项目默认的温区和包装方案。</li>
<li>填写<strong>发货方</strong>与<strong>收货方</strong>：可从地址簿、医院（研究中心）列表中选择，也可手工录入。</li>
<li>添加货品：药品编号、批号、数量；冷链货品请确认温区（2–8℃、15–25℃、-20℃ 等）。</li>
<li>选择要求提货时间和送达时间，核对无误后点击<strong>提交</strong>。</li>
</ol>
<p>提交后订单进入“待审核”状态，审核通过后调度会安排提货。订单状态可在 <a href="/customer-order/index">订单列表</a> 中查看。</p>`,
      related: ['order-draft', 'order-deadline', 'order-address', 'cold-zone'],
    },
    {
      key: 'order-draft',
      q: '订单填写到一半，如何保存草稿？',
      keywords: '草稿 草稿箱 暂存 保存 未提交 draft',
      answer: `<p>在新建或编辑订单页面点击<strong>保存草稿</strong>即可暂存，已填写的内容不会丢失。</p>
<ul>
<li>草稿保存在 <a href="/customer-order/draft">草稿箱</a> 中，可随时打开继续编辑后提交。</li>
<li>关闭正在编辑的订单标签页时，系统会询问是否保存草稿。</li>
<li>草稿不会被调度处理，<strong>只有提交后</strong>的订单才会安排提货。</li>
</ul>`,
      related: ['order-create', 'order-copy'],
    },
    {
      key: 'order-deadline',
      q: '当天下单最晚几点可以安排提货？',
      keywords: '截单时间 几点 当天 提货时间 时效 急单 cut-off',
      hot: 4,
      answer: `<p>常规截单时间如下（以订单<strong>审核通过</strong>的时间为准）：</p>
<table>
<thead><tr><th>服务类型</th><th>当日提货截单</th></tr></thead>
<tbody>
<tr><td>常温（15–25℃）</td><td>15:00</td></tr>
<tr><td>冷藏（2–8℃）</td><td>14:00（需预冷包装）</td></tr>
<tr><td>冷冻 / 干冰（-20℃ 及以下）</td><td>前一工作日 17:00</td></tr>
</tbody>
</table>
<p>超过截单时间的订单顺延至下一工作日提货。如有紧急需求，请提交订单后致电客服热线 <a href="tel:{phone}">{phone}</a> 申请加急。</p>`,
      related: ['order-create', 'cold-zone', 'cancel-how'],
    },
    {
      key: 'order-address',
      q: '收货地址或医院在列表中找不到怎么办？',
      keywords: '地址簿 新增地址 医院 研究中心 收货方 找不到 address hospital',
      answer: `<p>下单时可以直接<strong>手工录入</strong>收货地址；如果该地址需要经常使用，建议先维护到地址簿：</p>
<ol>
<li>在新建订单页面的收货方区域点击<strong>新增地址</strong>，填写单位、联系人、电话和详细地址。</li>
<li>医院（研究中心）由项目经理在项目中维护；若列表中缺少研究中心，请联系您的项目经理添加。</li>
</ol>
<p>选择框支持按<strong>拼音首字母</strong>搜索，例如输入 <strong>bjxh</strong> 可以找到“北京协和医院”。</p>`,
      related: ['order-create', 'dtp-what'],
    },
    {
      key: 'order-copy',
      q: '能否复制历史订单快速下单？',
      keywords: '复制订单 再来一单 重复下单 copy',
      answer: `<p>可以。在 <a href="/customer-order/index">订单列表</a> 中找到历史订单，点击<strong>复制</strong>，系统会打开“复制订单”页面并带出原订单的项目、地址和货品信息。</p>
<p>请务必重新核对<strong>批号、数量和要求送达时间</strong>后再提交。</p>`,
      related: ['order-create', 'order-draft'],
    },
    {
      key: 'order-modify',
      q: '订单提交后还能修改吗？',
      keywords: '修改订单 变更 更改 编辑 提交后 modify',
      answer: `<p>视订单状态而定：</p>
<ul>
<li><strong>待审核</strong>：可在订单详情中直接编辑后重新提交。</li>
<li><strong>待确认 / 已审核</strong>：请在订单详情中点击<strong>申请修改</strong>，填写修改内容，由客服确认后生效。</li>
<li><strong>已提货</strong>之后：收货地址等信息无法在线修改，请立即致电 <a href="tel:{phone}">{phone}</a>。</li>
</ul>`,
      related: ['cancel-how', 'order-create'],
    },
  ],
};

const COLD_CHAIN: SeedCategory = {
  name: '冷链与温度偏离',
  questions: [
    {
      key: 'cold-zone',
      q: '支持哪些温区的运输？',
      keywords: '温区 温度 冷藏 冷冻 常温 干冰 液氮 2-8 -20 -70 temperature',
      hot: 5,
      answer: `<p>我们提供以下温区的运输服务：</p>
<ul>
<li><strong>冷藏 2–8℃</strong>：大部分生物制品、疫苗、试验用药品。</li>
<li><strong>控温常温 15–25℃</strong>：口服固体制剂等。</li>
<li><strong>冷冻 -25~-15℃</strong>。</li>
<li><strong>深冷 ≤ -60℃</strong>：干冰运输，适用于细胞、样本等。</li>
<li><strong>超低温 ≤ -150℃</strong>：液氮干式罐运输（需提前 3 个工作日预约）。</li>
</ul>
<p>每票冷链货物均配备经过校准的<strong>温度记录仪</strong>，全程记录温度。</p>`,
      related: ['cold-excursion', 'cold-record', 'order-deadline'],
    },
    {
      key: 'cold-excursion',
      q: '收到货物时发现温度偏离（超温）怎么处理？',
      keywords: '温度偏离 超温 温度异常 报警 超标 冷链断链 excursion',
      hot: 2,
      answer: `<p>发现温度偏离时请按以下步骤处理：</p>
<ol>
<li><strong>先隔离、不要使用</strong>：将货物按标示温度存放并标记“待评估”，不要直接拒收丢弃。</li>
<li>在签收单上注明“温度异常”，并拍照记录温度记录仪的显示和包装状况。</li>
<li>在 <a href="/customer-order/index">订单列表</a> 找到该订单，在订单详情中查看<strong>运输温度曲线</strong>并下载温度记录。</li>
<li>联系客服热线 <a href="tel:{phone}">{phone}</a> 登记偏离，我们会在 <strong>24 小时内</strong>出具偏离调查报告。</li>
<li>是否可以继续使用，请以申办方或药品上市许可持有人的<strong>稳定性数据评估结论</strong>为准。</li>
</ol>`,
      related: ['cold-record', 'cold-alarm', 'doc-upload'],
    },
    {
      key: 'cold-record',
      q: '如何查看和下载运输温度记录？',
      keywords: '温度记录 温度曲线 温度数据 下载 导出 记录仪 logger',
      answer: `<p>打开 <a href="/customer-order/index">订单列表</a>，点击订单号进入详情：</p>
<ul>
<li><strong>运输温度</strong>标签页显示全程温度曲线，可切换查看每个温度记录仪。</li>
<li>点击<strong>下载</strong>可导出 PDF 温度报告（含记录仪编号、校准有效期、最高 / 最低温度）。</li>
</ul>
<p>运输中的订单可实时查看车辆温度；温度数据保存 <strong>5 年</strong>，可随时调阅。</p>`,
      related: ['cold-excursion', 'doc-which'],
    },
    {
      key: 'cold-alarm',
      q: '运输途中温度报警会通知我吗？',
      keywords: '报警 预警 通知 短信 实时 监控 alarm',
      answer: `<p>会。运输途中温度接近或超出设定范围时，监控中心会<strong>立即处理</strong>（调整车辆温控、补充冷媒或更换包装），并在 30 分钟内通过短信通知订单联系人。</p>
<p>如需增加通知人，请联系您的客户经理在项目中配置。</p>`,
      related: ['cold-excursion', 'cold-record'],
    },
    {
      key: 'cold-packaging',
      q: '冷链包装可以重复使用或回收吗？',
      keywords: '保温箱 包装 回收 冰排 循环箱 packaging',
      answer: `<p>可以。我们提供<strong>循环保温箱</strong>服务：</p>
<ul>
<li>签收后请保留保温箱、冰排和温度记录仪，<strong>不要自行拆除记录仪</strong>。</li>
<li>司机会在下次送货时回收；也可在订单详情中预约上门回收。</li>
<li>一次性包装可按当地规定作为普通包装废弃物处理，干冰请在通风处自然挥发。</li>
</ul>`,
      related: ['cold-zone'],
    },
    {
      key: 'cold-dryice',
      q: '干冰运输有什么特别要求？',
      keywords: '干冰 超低温 危险品 -70 -80 dry ice UN1845',
      answer: `<p>干冰属于<strong>第 9 类危险品（UN1845）</strong>，需注意：</p>
<ul>
<li>下单时温度区间选择“深冷 ≤ −60 °C”，包装选干冰箱（点“按物品推荐箱型”即按物品体积选好）；需要指定干冰用量时，请在备注中写明（kg）。</li>
<li>收货地点需通风良好，签收后尽快将样本转入超低温冰箱。</li>
<li>航空运输有限重要求，长距离干冰运输请提前 2 个工作日下单。</li>
</ul>`,
      related: ['cold-zone', 'order-deadline'],
    },
  ],
};

const DTP: SeedCategory = {
  name: 'DTP 直送患者',
  questions: [
    {
      key: 'dtp-what',
      q: '什么是 DTP 直送患者服务？',
      keywords: 'DTP 直送 患者 受试者 送药上门 direct to patient',
      hot: 6,
      answer: `<p><strong>DTP（Direct-to-Patient）直送患者</strong>是指将试验用药品或处方药品从药房、研究中心直接配送到患者（受试者）家中的服务。</p>
<ul>
<li>全程冷链与温度监控，与普通订单相同。</li>
<li>患者的姓名、电话和地址属于<strong>受保护数据</strong>，在门户中以 <strong>***</strong> 显示。</li>
<li>配送前会与患者电话预约时间，必须<strong>本人签收</strong>或经授权的代收人签收。</li>
</ul>`,
      related: ['dtp-masked', 'dtp-order', 'dtp-sign'],
    },
    {
      key: 'dtp-masked',
      q: '为什么 DTP 订单的收货人信息显示为星号？',
      keywords: '星号 隐藏 脱敏 看不到 收货人 患者信息 患者姓名 隐私 数据保护 masked privacy',
      answer: `<p>为保护患者隐私，DTP 订单的<strong>患者姓名、电话、地址和签收人</strong>在门户中一律以星号显示，这是数据保护的要求，并非系统故障。</p>
<ul>
<li>脱敏在服务器端完成，导出的 Excel 与打印单据同样为星号。</li>
<li>如因不良事件处理等原因确需查看，请由申办方按数据访问流程书面申请。</li>
</ul>`,
      related: ['dtp-what', 'dtp-order'],
    },
    {
      key: 'dtp-order',
      q: '如何创建 DTP 直送患者订单？',
      keywords: 'DTP 下单 直送 患者订单 创建',
      answer: `<ol>
<li>打开 <a href="/customer-order/create">新建订单</a>，选择已开通 DTP 服务的项目。</li>
<li>发货方选择研究中心药房；收货方选择<strong>患者</strong>，输入受试者编号，患者信息由系统从加密通讯录带出。</li>
<li>选择配送日期；系统会提示可预约的时段。</li>
<li>提交后订单需经<strong>研究中心药师审核</strong>，审核通过后安排配送。</li>
</ol>
<p>项目尚未开通 DTP 服务时，请联系客户经理。</p>`,
      related: ['dtp-what', 'dtp-sign', 'order-create'],
    },
    {
      key: 'dtp-sign',
      q: '患者不在家无法签收怎么办？',
      keywords: '签收 不在家 改约 代收 拒收 患者 再次配送',
      answer: `<p>配送员会先电话联系患者；联系不上或患者不在家时：</p>
<ul>
<li>货物<strong>原路返回</strong>研究中心药房或我们的 GSP 仓库按温区保存，不会放在门口或快递柜。</li>
<li>客服会与研究中心协调<strong>改约配送</strong>，改约不另行下单。</li>
<li>代收需患者事先书面授权，代收人签收时需出示身份证件。</li>
</ul>`,
      related: ['dtp-what', 'dtp-return'],
    },
    {
      key: 'dtp-return',
      q: '患者剩余药品或空包装如何回收？',
      keywords: '回收 剩余药品 退回 空包装 药品回收 return',
      answer: `<p>试验用药品的剩余药品和空包装需回收至研究中心以便清点：</p>
<ol>
<li>在订单详情中确认项目是否开通<strong>药品回收</strong>服务。</li>
<li>开通的项目在配送时由配送员一并取回上次的剩余药品，并在交接单上记录数量。</li>
<li>未开通的项目，请患者在下次访视时带回研究中心。</li>
</ol>`,
      related: ['dtp-sign', 'doc-which'],
    },
  ],
};

const CANCEL: SeedCategory = {
  name: '取消订单',
  questions: [
    {
      key: 'cancel-how',
      q: '如何取消订单？',
      keywords: '取消 撤销 撤单 不要了 作废 cancel',
      hot: 3,
      answer: `<p>在 <a href="/customer-order/index">订单列表</a> 中勾选订单，点击<strong>取消订单</strong>并填写取消原因即可。</p>
<ul>
<li><strong>待审核、待确认</strong>状态的订单可以在线直接取消。</li>
<li>已安排提货的订单在线取消后，调度会尽力拦截；如车辆已出发，可能产生<strong>空驶费</strong>。</li>
<li><strong>已提货</strong>的订单无法在线取消，请致电 <a href="tel:{phone}">{phone}</a> 办理退回。</li>
</ul>`,
      related: ['cancel-fee', 'cancel-cannot', 'order-modify'],
    },
    {
      key: 'cancel-cannot',
      q: '为什么我的订单没有“取消”按钮？',
      keywords: '无法取消 取消按钮 灰色 不能取消 已提货',
      answer: `<p>取消按钮只对<strong>可取消状态</strong>的订单显示。以下情况无法在线取消：</p>
<ul>
<li>订单已提货、运输中或已完成；</li>
<li>订单属于合并订单中的子单（请取消主单或联系客服拆分）；</li>
<li>您的账户没有该项目的取消权限。</li>
</ul>
<p>如需处理，请联系客服热线 <a href="tel:{phone}">{phone}</a>。</p>`,
      related: ['cancel-how', 'cancel-fee'],
    },
    {
      key: 'cancel-fee',
      q: '取消订单会收费吗？',
      keywords: '取消费用 收费 空驶费 费用 罚款 fee',
      answer: `<p>收费标准如下：</p>
<table>
<thead><tr><th>取消时间</th><th>费用</th></tr></thead>
<tbody>
<tr><td>调度安排车辆前</td><td>免费</td></tr>
<tr><td>车辆已出发、未到达提货点</td><td>按合同收取空驶费</td></tr>
<tr><td>已提货</td><td>按实际发生的运输和退回费用结算</td></tr>
</tbody>
</table>
<p>具体金额以您的服务合同为准。</p>`,
      related: ['cancel-how'],
    },
    {
      key: 'cancel-undo',
      q: '误取消了订单可以恢复吗？',
      keywords: '恢复订单 误取消 撤回取消 重新下单 undo',
      answer: `<p>已取消的订单不能恢复。请在 <a href="/customer-order/index">订单列表</a> 的“已取消”中找到该订单，点击<strong>复制</strong>后重新提交，原有信息会自动带出。</p>`,
      related: ['order-copy', 'cancel-how'],
    },
    {
      key: 'cancel-merge',
      q: '合并后的订单如何取消其中一单？',
      keywords: '合并订单 拆分 子单 取消部分 merge',
      answer: `<p>合并订单作为一票货物运输，<strong>不能在线单独取消其中的子单</strong>。</p>
<ol>
<li>若尚未提货，请取消整个合并订单，再重新合并需要的订单。</li>
<li>若已提货，请联系客服，由调度在到达后拆分处理。</li>
</ol>`,
      related: ['cancel-cannot', 'cancel-how'],
    },
  ],
};

const DOCUMENTS: SeedCategory = {
  name: '单据与附件',
  questions: [
    {
      key: 'doc-upload',
      q: '如何上传订单附件？',
      keywords: '上传 附件 文件 照片 扫描件 upload attachment',
      hot: 7,
      answer: `<p>打开 <a href="/customer-order/attachment">订单附件</a> 页面，或在订单详情中点击<strong>上传附件</strong>：</p>
<ul>
<li>支持 <strong>PDF、JPG、PNG</strong>，单个文件不超过 <strong>10 MB</strong>。</li>
<li>上传后附件进入“待审核”，审核通过后对方可见。</li>
<li>请勿上传含有患者完整身份信息的文件；如必须上传，请先遮盖。</li>
</ul>`,
      related: ['doc-which', 'doc-audit', 'doc-print'],
    },
    {
      key: 'doc-which',
      q: '每票货物会提供哪些随货单据？',
      keywords: '随货单据 交接单 运单 签收单 温度报告 发票 单据',
      answer: `<p>标准随货单据包括：</p>
<ul>
<li><strong>运单 / 交接单</strong>：发货方、收货方签字确认货物数量和状态；</li>
<li><strong>温度报告</strong>（冷链货物）：送达后可在订单详情中下载；</li>
<li><strong>签收单</strong>：收货人签字，扫描件在签收后 24 小时内上传系统。</li>
</ul>
<p>试验用药品还可按项目要求提供<strong>药品交接清单</strong>。</p>`,
      related: ['doc-upload', 'cold-record', 'doc-print'],
    },
    {
      key: 'doc-audit',
      q: '附件审核不通过怎么办？',
      keywords: '审核 驳回 不通过 附件审核 退回 rejected',
      answer: `<p>在 <a href="/customer-order/attachment">订单附件</a> 中查看审核意见，常见原因：</p>
<ol>
<li>扫描件不清晰或缺页；</li>
<li>签字或盖章缺失；</li>
<li>文件与订单不对应。</li>
</ol>
<p>修改后<strong>重新上传</strong>即可再次提交审核，原文件会保留历史记录。</p>`,
      related: ['doc-upload'],
    },
    {
      key: 'doc-print',
      q: '如何打印运单和交接单？',
      keywords: '打印 运单 交接单 标签 面单 print',
      answer: `<p>在 <a href="/customer-order/index">订单列表</a> 中勾选订单，点击<strong>打印</strong>，选择单据类型（运单、交接单、箱贴）。</p>
<ul>
<li>建议使用 A4 纸打印交接单，箱贴使用 100×100 mm 热敏标签。</li>
<li>DTP 订单打印件中的患者信息同样以星号显示。</li>
</ul>`,
      related: ['doc-which', 'dtp-masked'],
    },
    {
      key: 'doc-export',
      q: '能否批量导出订单数据？',
      keywords: '导出 Excel 批量 下载 报表 export',
      answer: `<p>可以。在 <a href="/customer-order/index">订单列表</a> 中设置筛选条件后点击<strong>导出</strong>，系统生成 Excel 文件。</p>
<p>数据量较大时导出在后台进行，完成后可在<strong>下载记录</strong>中获取，文件保留 7 天。</p>`,
      related: ['doc-print', 'inv-export'],
    },
  ],
};

const ACCOUNT: SeedCategory = {
  name: '账户与密码',
  questions: [
    {
      key: 'acc-forgot',
      q: '忘记密码怎么办？',
      keywords: '忘记密码 找回密码 重置密码 验证码 forgot password reset',
      hot: 8,
      answer: `<p>在登录页点击<strong>忘记密码</strong>：</p>
<ol>
<li>输入账号和绑定的手机号，点击<strong>获取验证码</strong>（60 秒内只能获取一次）。</li>
<li>输入短信验证码（5 分钟内有效）和新密码，提交即可。</li>
</ol>
<p>手机号已更换或收不到验证码，请联系客服热线 <a href="tel:{phone}">{phone}</a> 核实身份后重置。</p>`,
      related: ['acc-rules', 'acc-locked'],
    },
    {
      key: 'acc-rules',
      q: '密码有什么要求？',
      keywords: '密码规则 密码强度 弱密码 复杂度 特殊字符 password policy',
      answer: `<p>为保障账户安全，密码需满足：</p>
<ul>
<li>长度 <strong>8–16 位</strong>，不能包含空格；</li>
<li>至少包含<strong>大写字母、小写字母、数字、特殊符号</strong>中的 3 类；</li>
<li>不能是常见的简单密码（如 12345678）。</li>
</ul>
<p>登录时若提示“弱密码”，请尽快在右上角菜单 › <strong>修改密码</strong> 中更换。</p>`,
      related: ['acc-change', 'acc-forgot'],
    },
    {
      key: 'acc-change',
      q: '如何修改登录密码？',
      keywords: '修改密码 更改密码 换密码 change password',
      answer: `<p>点击页面右上角的<strong>客户公司名称</strong> › <strong>修改密码</strong>，输入原密码和两次新密码后提交。</p>
<p>修改成功后系统会<strong>退出所有已登录的设备</strong>，请使用新密码重新登录。</p>`,
      related: ['acc-rules'],
    },
    {
      key: 'acc-locked',
      q: '账户被锁定了怎么办？',
      keywords: '锁定 冻结 登录失败 无法登录 账户锁定 locked',
      answer: `<p>连续输错密码 <strong>10 次</strong>后，账户会被锁定 <strong>15 分钟</strong>，到时自动解锁。</p>
<ul>
<li>输错 3 次后登录需要输入图形验证码。</li>
<li>确认忘记密码时，请使用<strong>忘记密码</strong>功能重置，避免再次锁定。</li>
</ul>`,
      related: ['acc-forgot', 'acc-elsewhere'],
    },
    {
      key: 'acc-switch',
      q: '如何切换到另一个客户账户？',
      keywords: '切换客户 切换账户 多个客户 多账户 switch customer',
      answer: `<p>如果您的账号关联了多个客户，点击页面顶部的<strong>客户切换</strong>下拉框，选择目标客户即可，页面会自动刷新为该客户的数据。</p>
<p>列表中缺少客户时，请联系客户经理开通关联。</p>`,
      related: ['acc-elsewhere'],
    },
    {
      key: 'acc-elsewhere',
      q: '提示“您的账号已在其他地方登录”是什么原因？',
      keywords: '其他地方登录 异地登录 被踢 下线 重新登录 logged in elsewhere',
      answer: `<p>同一账号<strong>同一时间只能在一处登录</strong>。在其他电脑或浏览器登录后，之前的会话会失效并出现该提示。</p>
<p>如果不是您本人操作，请立即<strong>修改密码</strong>并联系客服。</p>`,
      related: ['acc-change', 'acc-locked'],
    },
  ],
};

const INVENTORY: SeedCategory = {
  name: '库存',
  questions: [
    {
      key: 'inv-query',
      q: '如何查询药品库存？',
      keywords: '库存查询 库存 余量 现有库存 stock inventory',
      answer: `<p>打开 <a href="/customer-inventory/index-yp">库存管理 › 药品库存</a>：</p>
<ul>
<li>可按项目、仓库、药品编号、<strong>批号</strong>筛选；</li>
<li>列表显示可用数量、冻结数量和<strong>有效期</strong>；</li>
<li>点击数量可查看出入库明细。</li>
</ul>`,
      related: ['inv-expiry', 'inv-frozen', 'inv-export'],
    },
    {
      key: 'inv-expiry',
      q: '近效期药品会提醒吗？',
      keywords: '有效期 近效期 过期 效期预警 expiry',
      answer: `<p>会。距离有效期不足 <strong>90 天</strong>的批次在库存列表中以橙色标记，不足 <strong>30 天</strong>以红色标记，且不能再用于新订单出库。</p>
<p>请及时与申办方确认是否延长效期或安排销毁。</p>`,
      related: ['inv-query', 'inv-destroy'],
    },
    {
      key: 'inv-frozen',
      q: '库存显示“冻结”是什么意思？',
      keywords: '冻结 锁定库存 不可用 隔离 质量问题 frozen',
      answer: `<p>冻结库存是<strong>暂不能出库</strong>的库存，常见原因：</p>
<ul>
<li>已被待审核订单占用；</li>
<li>温度偏离后处于<strong>隔离评估</strong>中；</li>
<li>申办方要求暂停使用（如批次召回）。</li>
</ul>
<p>订单取消后占用的库存会自动释放；其他情况请联系客服了解处理进度。</p>`,
      related: ['inv-query', 'cold-excursion'],
    },
    {
      key: 'inv-short',
      q: '下单时提示库存不足怎么办？',
      keywords: '库存不足 缺货 数量不够 无法出库 shortage',
      answer: `<ol>
<li>在 <a href="/customer-inventory/index-yp">药品库存</a> 中确认该批号的<strong>可用数量</strong>（不含冻结数量）。</li>
<li>可以更换其他批号，或减少本次出库数量。</li>
<li>需要补货时请联系申办方安排入库；入库上架后库存实时更新。</li>
</ol>`,
      related: ['inv-query', 'inv-frozen'],
    },
    {
      key: 'inv-export',
      q: '如何导出库存报表？',
      keywords: '导出库存 库存报表 Excel 盘点 export',
      answer: `<p>在 <a href="/customer-inventory/index-yp">药品库存</a> 页面设置筛选条件后点击<strong>导出</strong>，即可下载 Excel 库存报表。</p>
<p>每月末仓库会出具<strong>盘点报告</strong>，可向客户经理索取。</p>`,
      related: ['inv-query', 'doc-export'],
    },
    {
      key: 'inv-destroy',
      q: '过期或退回的药品如何销毁？',
      keywords: '销毁 过期药品 退回药品 报废 destroy',
      answer: `<p>过期、退回或召回的药品需经申办方书面确认后销毁：</p>
<ol>
<li>申办方出具销毁授权；</li>
<li>仓库按批号清点并出具<strong>销毁清单</strong>；</li>
<li>由有资质的单位集中销毁，并提供销毁证明。</li>
</ol>`,
      related: ['inv-expiry', 'dtp-return'],
    },
  ],
};

export const CHAT_CATEGORIES: SeedCategory[] = [
  ORDERING,
  COLD_CHAIN,
  DTP,
  CANCEL,
  DOCUMENTS,
  ACCOUNT,
  INVENTORY,
];
