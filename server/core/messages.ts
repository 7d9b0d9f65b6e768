/**
 * What the server says to people, in both languages: the English text is the key (services
 * throw `new ApiError(Code.x, 'Wrong username or password')`, typed against this list, so an
 * untranslated message fails the typecheck), the Chinese text its translation. `{name}` marks
 * a parameter. Field messages of the contract's schemas are in src/contract/messages.ts.
 */
export const SERVER_MESSAGES = {
  // transport and input
  'No such API call': '没有这个接口',
  'Request body is too large': '请求内容过大',
  'Server error, please try again later': '服务器出错，请稍后再试',
  'The service is briefly unavailable, please try again in a moment': '服务暂时不可用，请稍后重试',
  'Bad request': '请求格式不正确',
  'Request body is required': '请求内容不能为空',
  'Request body is not valid JSON': '请求内容不是有效的 JSON',
  'Request body must be a JSON object': '请求内容必须是 JSON 对象',
  'This call takes a JSON body (Content-Type: application/json)':
    '此接口只接受 JSON 请求（Content-Type: application/json）',
  'This call takes a JSON or form body': '此接口只接受 JSON 或表单请求',
  'The form body could not be read': '无法读取表单内容',
  'This call takes a multipart/form-data body': '此接口只接受 multipart/form-data 请求',
  'A form field is too long': '表单字段过长',
  'The form has too many fields': '表单字段过多',
  'The form carries an unexpected file': '表单中有不应上传的文件',
  'Please choose a file to upload': '请选择要上传的文件',
  'Invalid request': '请求参数不正确',
  'Too many requests, please try again later': '请求过于频繁，请稍后再试',
  'Too many requests at once from your address, please try again in a moment':
    '您的地址同时发出的请求过多，请稍后再试',
  'The request body arrived too slowly': '请求内容传输过慢',
  'This call takes UTF-8 text (charset=utf-8)': '此接口只接受 UTF-8 编码的内容（charset=utf-8）',
  'The request body is not valid UTF-8': '请求内容不是有效的 UTF-8',
  'The request names a reserved key ({key})': '请求中含有保留的参数名（{key}）',
  'Your earlier exports are still being made: please try again when one of them is done':
    '您之前的导出仍在生成中，请待其中一个完成后再试',
  '{what} could not be stored': '{what}保存失败',
  // sessions
  'Please log in': '请登录',
  'Your session is not valid, please log in again': '登录已失效，请重新登录',
  'Your session has ended, please log in again': '登录已结束，请重新登录',
  'Your session has expired, please log in again': '登录已过期，请重新登录',
  'Your account has been logged in elsewhere': '您的账号已在其他地方登录',
  'Please change your password first': '请先修改密码',
  'The login link is invalid or has expired, please log in': '登录链接无效或已过期，请登录',
  // login and captcha
  'Wrong username or password': '用户名或密码错误',
  'Wrong username or password; please also enter the captcha': '用户名或密码错误，请同时输入验证码',
  'Too many failed logins from your address: please wait {seconds} s and try again':
    '登录失败次数过多，请等待 {seconds} 秒后再试',
  'Too many failed logins from your address: please wait {minutes} min and try again':
    '登录失败次数过多，请等待 {minutes} 分钟后再试',
  'Please enter the captcha': '请输入验证码',
  'Please get a new captcha': '请获取新的验证码',
  'The captcha is wrong': '验证码错误',
  'The captcha has expired, please get a new one': '验证码已过期，请重新获取',
  // passwords and SMS
  'You can only change your own password': '只能修改自己的密码',
  'The old password is wrong': '原密码错误',
  'The new password must differ from the old one': '新密码不能与原密码相同',
  'This password is too common; please choose another': '密码过于常见，请换一个',
  'This is not the mobile number registered to the account': '手机号与本账号登记的不一致',
  'Please wait {seconds} seconds before asking for another code': '请等待 {seconds} 秒后再获取验证码',
  'The verification code has been sent to {mobile}': '验证码已发送至 {mobile}',
  'If {mobile} is the account’s mobile number, a code has been sent to it':
    '如 {mobile} 是该账号登记的手机号，验证码已发送',
  'If {mobile} is the recipient’s mobile number, a code has been sent to it':
    '如 {mobile} 是收件人的手机号，验证码已发送',
  'This number has had as many codes as it may today, please try again tomorrow':
    '该号码今日接收的验证码已达上限，请明天再试',
  'The code is wrong or no longer valid: please get a new one': '验证码错误或已失效，请重新获取',
  'Too many password reset requests for this account, please try again in an hour':
    '该账号找回密码的请求过多，请一小时后再试',
  'Please get a verification code first': '请先获取验证码',
  'The verification code is wrong': '验证码错误',
  'The verification code has expired, please get a new one': '验证码已过期，请重新获取',
  'Too many wrong attempts, please get a new verification code': '错误次数过多，请重新获取验证码',
  'Password changed, please log in again': '密码已修改，请重新登录',
  // customers
  'This customer account is not yours': '此客户账号不属于您',
  'Switch success': '切换成功',
  'Logged out': '已退出登录',
  ok: '成功',
  // chat
  'X-Chat-Session header is required: call common/get-qa-config first':
    '缺少 X-Chat-Session 请求头：请先调用 common/get-qa-config',
  'Chat session is unknown or expired: call common/get-qa-config again':
    '会话不存在或已过期：请重新调用 common/get-qa-config',
  'This answer has already been rated in this chat session': '您已评价过这个答案',
  'Too many searches at once, please try again': '搜索的人太多了，请稍后再试',
  'Thank you for your feedback': '感谢您的反馈',
  'Category not found': '分类不存在',
  'Question not found': '问题不存在',
  'Answer not found': '答案不存在',
  'The answer is empty after sanitizing': '答案经过清理后为空',
  'The answer is longer than {max} characters': '答案超过 {max} 个字符',
  // integration
  'Integration is not configured on this server': '此服务器未配置系统对接',
  'X-Timestamp must be Unix seconds': 'X-Timestamp 必须是 Unix 秒数',
  'X-Timestamp is more than 5 minutes away from the server clock': 'X-Timestamp 与服务器时间相差超过 5 分钟',
  'X-Signature does not match': 'X-Signature 不匹配',
  'This signed request was already used': '此签名请求已使用过',
  // order files
  'No such order': '订单不存在',
  // order tracking
  'No order matches these details': '没有与这些信息相符的订单',
  'Too many failed lookups from your address: please try again in {minutes} min':
    '查询失败次数过多，请 {minutes} 分钟后再试',
  'This tracking link is not valid or has ended': '此跟踪链接无效或已结束',
  'This tracking view has ended, please look the order up again': '此跟踪页面已结束，请重新查询订单',
  'No such share': '分享不存在',
  'No such file': '文件不存在',
  'No such attachment': '附件不存在',
  'This order is cancelled: its documents can no longer change': '此订单已取消，附件不能再更改',
  'The file is empty': '文件是空的',
  'This file is not one of {types} (its content is {found})': '此文件不是 {types} 之一（其内容为 {found}）',
  'This {type} file unpacks to more than {mb} MB, or is packed suspiciously tightly':
    '此 {type} 文件解压后超过 {mb} MB，或压缩比异常',
  'This {type} file is not a well-formed Office document': '此 {type} 文件不是格式正确的 Office 文档',
  'This CSV file is not well-formed (line {line}): each line needs as many columns as the first, and quotes in pairs':
    '此 CSV 文件格式不正确（第 {line} 行）：每行的列数须与第一行相同，引号须成对',
  'This file is text, not CSV: a CSV file has at least two columns separated by commas, semicolons or tabs':
    '此文件是纯文本，不是 CSV：CSV 文件至少有两列，以逗号、分号或制表符分隔',
  'Only an approver of this customer account may audit documents': '只有此客户账号的审批人可以审核附件',
  'Only an administrator of this customer account may set its notification defaults':
    '只有此客户账号的管理员可以设置其通知默认值',
  'Please give the reason for the rejection': '请填写驳回原因',
  'This document has already been audited': '此附件已审核过',
  'This download link has expired, please download again': '下载链接已过期，请重新下载',
  'This download link is not valid': '下载链接无效',
  'Only documents your account uploaded can be deleted': '只能删除本客户账号上传的附件',
  'An approved document cannot be deleted': '已审核通过的附件不能删除',
  'No such user': '用户不存在',
  'No such linked system': '没有这个关联系统',
  'The code is unknown, used or expired': '代码无效、已使用或已过期',
  // master data and inventory
  'No such project': '项目不存在',
  'No such site': '站点不存在',
  'No such region': '地区不存在',
  'No such province': '省份不存在',
  'No such customer account': '客户账号不存在',
  'No such stock line': '库存记录不存在',
  'Stock line {in_id} is stored at another temperature class': '库存 {in_id} 的储存温区与所选温区不同',
  'Stock line {in_id} has only {available} available': '库存 {in_id} 可用数量仅为 {available}',
  'Stored at another temperature class': '储存温区与所选温区不同',
  'More than is available': '超过可用数量',
  "This customer account is not the user's": '此客户账号不属于该用户',
  // provider
  'No order has this number': '没有此订单号的订单',
  'Only an order waiting for confirmation can be confirmed': '只有待确认的订单可以确认',
  'Milestones are posted only while an order is in progress': '只有未完成的订单可以更新运输节点',
  "This milestone does not come after the order's current one": '此节点不在订单当前节点之后',
  'Readings are taken only for an order in progress or finished': '只有未完成或已完成的订单可以上传温度数据',
  "This logger is not in the order's boxes": '此温度记录仪不属于该订单的箱子',
  'Track points are posted only while an order is in progress': '只有未完成的订单可以上传轨迹',
  'Only an order in progress can be signed for': '只有未完成的订单可以签收',
  'This order has no such modification request': '该订单没有此修改申请',
  'This modification request was already answered': '此修改申请已答复',
  // supplier links (server/areas/supplier)
  'This link is not valid': '此链接无效',
  'This link was already used: its answer is recorded': '此链接已使用过，答复已记录',
  'This link has expired: ask the provider for a new one': '此链接已过期，请联系服务商重新发送',
  'This task is no longer open: nothing needs an answer': '此任务已结束，无需答复',
  'This task of the order is not open: no link can be made for it': '该订单的此项任务已结束，无法生成链接',
  'The proposed time must be in the future': '建议的时间必须晚于现在',
  'Modification requests are answered only while an order is in progress': '只有未完成的订单可以答复修改申请',
  'The request asks to change {field}, which cannot be changed so': '申请修改的字段 {field} 不能这样修改',
  // orders
  'Only orders pending approval or confirmation can be cancelled: {orders}':
    '只有待审核或待确认的订单可以取消：{orders}',
  'This order is not pending approval': '此订单不在待审核状态',
  'You may not approve orders of this customer': '您没有审批此客户订单的权限',
  'The order has changed meanwhile; here is its current state': '订单已被修改，以下是最新内容',
  'A reason is required to reject an order': '驳回订单需要填写原因',
  'A reason is required to change a submitted order': '修改已提交的订单需要填写原因',
  'Only orders not yet finished can be modified': '只有未完成的订单可以申请修改',
  'This order already has a modification request waiting for an answer': '此订单已有一个待处理的修改申请',
  'Please say what to change': '请填写要修改的内容',
  'This request changes nothing: its values are the order’s own':
    '申请的内容与订单现有内容相同，没有要修改的地方',
  'This is the order’s value already': '与订单现有内容相同',
  'Type the new value: ****** stands for a value you cannot see': '请填写新的内容：****** 代表您看不到的信息',
  'The goods were picked up already: this can no longer be changed': '货物已提走，此项不能再修改',
  'The goods were delivered already: this can no longer be changed': '货物已送达，此项不能再修改',
  'The delivery time must be in the future': '送达时间必须晚于现在',
  'The pickup time must be before the delivery time': '取件时间必须早于送达时间',
  'The Idempotency-Key header is required': '缺少 Idempotency-Key 请求头',
  'The Idempotency-Key header must be 8 to 128 visible characters':
    'Idempotency-Key 请求头必须是 8 到 128 个可见字符',
  'This Idempotency-Key was used with another request': '此 Idempotency-Key 已用于另一个请求',
  'Only orders pending approval or confirmation can be merged: {orders}':
    '只有待审核或待确认的订单可以合并：{orders}',
  'Orders to merge must have the same project, addresses, temperature class and goods type: {orders} differ from {first} in {fields}':
    '合并的订单必须属于同一项目，且起止地址、温度类别和货物类型相同：{orders} 与 {first} 的{fields}不同',
  // what a merge compares, as the refusal names it
  project: '项目',
  'order type': '订单类型',
  'direct-to-patient delivery': 'DTP 直送',
  'goods type': '货物类型',
  'temperature class': '温度类别',
  hospital: '医院',
  sender: '发货方',
  recipient: '收货方',
  'Merged into {order_no}': '已合并至 {order_no}',
  'Merged from {orders}': '由 {orders} 合并而成',

  // exports, print records and email
  'No such export': '导出记录不存在',
  'Only a failed export can be made again': '只有失败的导出可以重新生成',
  'No customer account is selected': '未选择客户账号',
  'This download link is not valid or has expired': '下载链接无效或已过期',
  'This preview link is not valid or has expired': '预览链接无效或已过期',
  'The file is not ready yet': '文件尚未生成',
  'One export holds at most {max} orders: narrow the filter': '一次最多导出 {max} 条订单，请缩小筛选范围',
  'One inventory export holds at most {max} lines: narrow the filter':
    '一次最多导出 {max} 条库存，请缩小筛选范围',
  'The export failed, please try again': '导出失败，请重试',
  'Email is not set up on this server': '此服务器未配置邮件发送，无法发送邮件',
  'The email could not be sent, please try again later': '邮件发送失败，请稍后再试',
  // the order editor and the draft box
  'No such draft': '草稿不存在',
  // saved views of a list
  'No such view': '视图不存在',
  'A list keeps at most {max} views: delete one you no longer use first':
    '每个列表最多保存 {max} 个视图，请先删除不用的视图',
  'No such address': '地址不存在',
  'The address was changed meanwhile; here is its current version': '地址已被他人修改，以下是它的最新内容',
  'The draft was saved elsewhere meanwhile; here is its current state':
    '草稿已在别处保存，以下是它的最新内容',
  'This order can no longer be edited': '此订单已不能编辑',
  'Please correct the marked fields': '请修改标出的字段',
  'This project is closed to new orders': '此项目已关闭，不能再下单',
  'Not allowed in this project': '此项目不允许',
  'Choose a district': '请选择区县',
  'This district is not served': '此区县不在服务范围内',
  'This site is not in the project': '此站点不属于该项目',
  'This item is counted in whole units: enter a whole number': '此物品按整数计量，请填写整数',
  'The pickup time must be in the future': '取件时间必须晚于现在',
  'The delivery time must be after the pickup time': '送达时间必须晚于取件时间',
  'This stock belongs to another project': '此库存属于其他项目',
  'This batch has expired by the pickup day': '此批次在取件日已过期',
  'This batch expires before the delivery': '此批次在送达前过期',
  'Only an edit sends a version': '只有编辑订单时才提交版本号',
  'An edit sends the version it started from': '编辑订单时须提交开始编辑时的版本号',
  'Place a station on a city or district of the region tree': '站点须设在地区树中的城市或区县',
  // electronic signatures
  'Wrong password: nothing was signed': '密码错误，未签名',
  'Wrong code: nothing was signed': '验证码错误，未签名',
  'Enter the code of your authenticator app to sign': '请输入身份验证器应用中的验证码以签名',
  'Enter the code of your authenticator app': '请输入身份验证器应用中的验证码',
  'Confirm with your second factor to sign': '请完成两步验证以签名',
  'Confirm with your second factor': '请完成两步验证',
  'The code is wrong': '验证码错误',
  'The sign-in has expired: please enter your password again': '登录已失效，请重新输入密码',
  'Wrong password': '密码错误',
  'Two-step sign-in is not set up on this server': '此服务器未配置两步验证',
  'Two-step sign-in is already on: turn it off first': '两步验证已启用，请先关闭',
  'Two-step sign-in is not on': '两步验证未启用',
  'Start the set-up again: no enrolment is waiting': '没有待确认的设置，请重新开始',
  'The code is not right: check the time of your phone and try again': '验证码不正确，请检查手机时间后重试',
  'Two-step sign-in turned off': '两步验证已关闭',
  'This signature cannot mean that here': '此处的签名不能选择这一含义',
  // a person's sessions and the customer's session policy (areas/accounts, issue 34)
  'There is no such session': '没有这个会话',
  'Only an administrator of this customer account may set its session policy':
    '只有此客户账号的管理员可以设置会话策略',
  'Session policy saved': '会话策略已保存',
  // the second-factor policy, a member's lost factor, new recovery codes (issue 34)
  'Your organisation requires two-step sign-in: set it up to continue': '您的机构要求两步验证：请先完成设置',
  'The set-up has expired: please enter your password again': '设置已失效，请重新输入密码',
  'Your organisation requires two-step sign-in: please sign in with your password':
    '您的机构要求两步验证：请使用密码登录',
  'There is no such member': '没有这个成员',
  'Only an administrator of this customer account may reset its members’ two-step sign-in':
    '只有此客户账号的管理员可以重置成员的两步验证',
  'Reset your own two-step sign-in in its own dialog': '请在“两步验证”对话框中管理您自己的两步验证',
  'This member has no two-step sign-in': '此成员未启用两步验证',
  'Enter a code of your own authenticator app': '请输入您自己的身份验证器应用中的验证码',
  'Two-step sign-in reset': '两步验证已重置',
  // API clients (areas/api-clients)
  'Only an administrator of this customer account may manage its API clients':
    '只有此客户账号的管理员可以管理其接口客户端',
  'There is no such API client': '没有这个接口客户端',
  'This API client is revoked': '此接口客户端已撤销',
  'A customer account may have at most {max} API clients': '每个客户账号最多 {max} 个接口客户端',
  'An active API client already has this name': '已有同名的接口客户端',
  'The access token is not valid or has expired': '访问令牌无效或已过期，请重新获取',
  'An API client may not make this call': '接口客户端不能调用此接口',
  'This access token does not hold the scope {scope}': '此访问令牌没有 {scope} 权限范围',
  'This API client may not call from this address': '此接口客户端不能从该地址调用',
  // the audit trail
  'Only an administrator of this customer account may read its audit trail':
    '只有此客户账号的管理员可以查看审计追踪',
  // webhooks
  'Only an administrator of this customer account may manage its webhooks':
    '只有该客户账号的管理员可以管理其 Webhook',
  'There is no such webhook endpoint': '没有这个 Webhook 地址',
  'There is no such delivery': '没有这次投递',
  'A webhook endpoint must be an https:// address': 'Webhook 地址须为 https:// 地址',
  'The webhook endpoint’s host could not be found': '找不到 Webhook 地址的主机',
  'A webhook endpoint may not be on a private, loopback or link-local address':
    'Webhook 地址不能是内网、本机或链路本地地址',
  'A customer account may have at most {max} webhook endpoints': '每个客户账号最多 {max} 个 Webhook 地址',
  'This webhook endpoint is disabled: enable it first': '此 Webhook 地址已停用，请先启用',
  'Name a delivery of the log or the start of a time range': '请选择一次投递，或填写时间范围的开始',
  'One audit trail export holds at most {max} entries: narrow the filter':
    '一次导出最多 {max} 条审计记录，请缩小筛选范围',
  // temperature excursion cases
  'No such excursion case': '没有这个温度偏差事件',
  'This case is already decided': '此事件已经作出处置决定',
  'This case is closed': '此事件已关闭',
  'Only a decided case can be closed': '只有已作出处置决定的事件才能关闭',
  'Another excursion case holds these goods: they cannot be returned to stock before it is decided':
    '这些货物仍被另一个温度偏差事件扣留或已隔离，不能退回库存',
  'Assign the case to a person before deciding it': '请先指派负责人评估，再作出处置决定',
  'Only an approver or an administrator of this customer may decide an excursion case':
    '只有此客户的审批人或管理员可以对温度偏差事件作出处置决定',
  'This user is not a user of this customer': '此用户不属于当前客户',
  'This document is not one of the case’s order': '此文件不属于该事件的订单',
  'This product is not in the project’s stock': '此产品不在该项目的库存中',
  'Only an administrator or an approver of this customer may change stability budgets':
    '只有此客户的管理员或审批人可以修改稳定性预算',
  'Stock line {in_id} is on hold until excursion case {case_no} is decided':
    '库存行 {in_id} 在温度偏差事件 {case_no} 处置前暂停使用',
  'Stock line {in_id} is quarantined after excursion case {case_no}':
    '库存行 {in_id} 因温度偏差事件 {case_no} 已隔离',
  // single sign-on (issue 34)
  'Only an administrator of this customer account may set its single sign-on':
    '只有此客户账户的管理员可以设置单点登录',
  'Single sign-on saved': '单点登录设置已保存',
  'Single sign-on removed': '单点登录设置已删除',
  'The identity provider must be an https:// address (http:// only on this computer, outside production)':
    '身份提供方必须是 https:// 地址（仅在本机且非生产环境时可用 http://）',
  'The client secret is required': '请填写客户端密钥',
  'The domain {domain} already signs in with another customer’s provider':
    '域名 {domain} 已用于另一个客户的单点登录',
  'Only customers you administer can be granted': '只能授予您管理的客户',
  'This domain is not one of this single sign-on’s domains: save it first':
    '此域名不在本单点登录的域名中，请先保存',
  'No TXT record {name} with the value {value} was found: publish it, and check again when your DNS shows it':
    '未找到值为 {value} 的 TXT 记录 {name}：请发布该记录，待 DNS 生效后再检查',
  'The TXT record {name} holds another value: it must be {value}': 'TXT 记录 {name} 的值不正确，应为 {value}',
  'The DNS could not be asked just now: please check again in a few minutes':
    '暂时无法查询 DNS，请几分钟后再检查',
  'The domain {domain} is verified': '域名 {domain} 已验证',
  'The identity provider could not be reached: check its address': '无法连接身份提供方，请检查其地址',
  'This is not a good logout token': '退出令牌无效',
  'The identity provider publishes no keys': '身份提供方未公布签名密钥',
  'The identity provider’s keys could not be read': '无法读取身份提供方的签名密钥',
  'Signed out': '已退出登录',
  'No single sign-on for this address: sign in with your password': '此邮箱没有单点登录，请使用密码登录',
  'The sign-in with your organisation has expired or was started elsewhere: please start again':
    '通过组织登录已过期或在其他地方发起，请重新开始',
  'Your organisation did not sign you in: please try again': '您的组织未能完成登录，请重试',
  'Your organisation has not verified your e-mail address': '您的组织尚未验证您的邮箱地址',
  'Your e-mail address is not one of this organisation’s domains': '您的邮箱地址不属于该组织的域名',
  'This sign-in of your organisation has been deactivated: ask your administrator':
    '您在该组织的登录已被停用，请联系管理员',
  'An account with this e-mail address belongs to customers your organisation does not grant: ask your administrator':
    '使用此邮箱的账户属于您的组织未授予的客户，请联系管理员',
  'The sign-in at your organisation must be new: please sign in there again':
    '需要在您的组织重新登录，请再次登录',
  'The person who signed in at your organisation is not you': '在您组织登录的不是您本人',
  'No such identity': '没有这个身份',
  'Identity deactivated': '身份已停用',
  'Provisioning token issued': '已签发用户同步令牌',
  'Your organisation requires two-step sign-in, and your sign-in at the identity provider did not use a second factor: sign in there with one, or ask your administrator':
    '您的组织要求两步验证登录，而您在身份提供方的登录未使用第二因素：请在身份提供方使用第二因素登录，或联系管理员',
  'Provisioning token revoked': '已撤销用户同步令牌',
  'Save the single sign-on first: provisioning belongs to it': '请先保存单点登录设置：用户同步属于单点登录',
  'No provisioning token is issued': '尚未签发用户同步令牌',
  'Single sign-on is not set up for your account': '您的账户未设置单点登录',
  'The confirmation at your organisation has expired or was used: please confirm again':
    '在组织的确认已过期或已使用，请重新确认',
  'Passkeys need the portal’s address by name (PUBLIC_URL), not an IP address':
    '通行密钥需要门户的域名地址（PUBLIC_URL），不能是 IP 地址',
  'You have {max} passkeys already: remove one first': '您已有 {max} 个通行密钥，请先删除一个',
  'Begin adding the passkey again: the last request has expired or was used':
    '请重新添加通行密钥：上一次请求已过期或已使用',
  'The passkey could not be checked: nothing was added': '无法验证该通行密钥，未添加',
  'This passkey is added already': '此通行密钥已添加',
  'No such passkey': '没有这个通行密钥',
  'Passkey added': '通行密钥已添加',
  'Passkey removed': '通行密钥已删除',
  'You have no passkey': '您没有通行密钥',
  'The passkey was refused': '通行密钥未通过验证',
  'The passkey was refused: nothing was signed': '通行密钥未通过验证，未签名',
  'Confirm with your passkey to sign': '请用通行密钥确认签名',
  'Confirm with your passkey': '请用通行密钥确认',
  'The passkey was not accepted': '通行密钥未被接受',
} as const;

export type ServerMessage = keyof typeof SERVER_MESSAGES;
