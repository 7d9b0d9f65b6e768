/**
 * The help-desk content of seed-content.ts in English: category names by their Chinese name,
 * questions by key. Written for English-speaking customers (not word for word): the same facts,
 * times, limits and portal links. `{phone}` is filled in like in the Chinese answers.
 */

export interface SeedTranslation {
  q: string;
  /** Extra search words (synonyms), space separated. */
  keywords: string;
  answer: string;
}

export const WELCOME_EN =
  'Hello, I am the customer-service assistant. Pick a popular question or a topic below, or type what you would like to know. Our agents are available on working days, 8:30–18:00 (China time).';

export const CATEGORY_NAMES_EN: Readonly<Record<string, string>> = {
  下单: 'Ordering',
  冷链与温度偏离: 'Cold Chain and Temperature Excursions',
  'DTP 直送患者': 'Direct-to-Patient (DTP)',
  取消订单: 'Cancelling Orders',
  单据与附件: 'Documents and Attachments',
  账户与密码: 'Account and Password',
  库存: 'Inventory',
};

export const QUESTIONS_EN: Readonly<Record<string, SeedTranslation>> = {
  'order-create': {
    q: 'How do I create a shipping order?',
    keywords: 'new order place shipment book transport create',
    answer: `<p>To create a shipping order in the portal:</p>
<ol>
<li>Open <a href="/customer-order/create">Orders › New Order</a>.</li>
<li>Choose the <strong>project</strong> (a clinical trial or a commercial project); its default temperature range and packaging are filled in for you.</li>
<li>Enter the <strong>shipper</strong> and the <strong>consignee</strong>: pick them from your address book or the list of hospitals (trial sites), or type them in.</li>
<li>Add the goods: product code, batch number and quantity. For cold-chain goods, check the temperature range (2–8 °C, 15–25 °C, -20 °C and so on).</li>
<li>Choose the requested pickup and delivery times, check everything and click <strong>Submit</strong>.</li>
</ol>
<p>A submitted order is “Pending Review”; once it is approved, dispatch schedules the pickup. You can follow its status in the <a href="/customer-order/index">order list</a>.</p>`,
  },
  'order-draft': {
    q: 'How do I save an unfinished order as a draft?',
    keywords: 'draft drafts save later unsubmitted keep',
    answer: `<p>On the new or edit order page, click <strong>Save Draft</strong>: everything you have entered is kept.</p>
<ul>
<li>Drafts are kept in the <a href="/customer-order/draft">draft box</a>; open one at any time to finish and submit it.</li>
<li>When you close the tab of an order you are editing, the portal asks whether to save it as a draft.</li>
<li>Dispatch never handles drafts: <strong>only submitted</strong> orders get a pickup.</li>
</ul>`,
  },
  'order-deadline': {
    q: 'What is the latest time to order for a same-day pickup?',
    keywords: 'cut-off cutoff deadline same day pickup time urgent rush',
    answer: `<p>The usual cut-off times (counted from the moment the order is <strong>approved</strong>):</p>
<table>
<thead><tr><th>Service</th><th>Cut-off for same-day pickup</th></tr></thead>
<tbody>
<tr><td>Ambient (15–25 °C)</td><td>15:00</td></tr>
<tr><td>Refrigerated (2–8 °C)</td><td>14:00 (pre-conditioned packaging needed)</td></tr>
<tr><td>Frozen / dry ice (-20 °C and below)</td><td>17:00 on the previous working day</td></tr>
</tbody>
</table>
<p>Orders approved after the cut-off are picked up on the next working day. For an urgent shipment, submit the order and then call our service line at <a href="tel:{phone}">{phone}</a> to request express handling.</p>`,
  },
  'order-address': {
    q: 'What if a delivery address or hospital is not in the list?',
    keywords: 'address book new address hospital site consignee missing not found',
    answer: `<p>You can always <strong>type in</strong> a delivery address when ordering. If you will use it often, add it to your address book first:</p>
<ol>
<li>In the consignee section of the new order page, click <strong>New Address</strong> and enter the organisation, contact person, phone number and full address.</li>
<li>Hospitals (trial sites) are maintained by the project manager in the project; if a site is missing, ask your project manager to add it.</li>
</ol>
<p>The pickers also search by <strong>pinyin initials</strong>: typing <strong>bjxh</strong>, for example, finds “北京协和医院” (Peking Union Medical College Hospital).</p>`,
  },
  'order-copy': {
    q: 'Can I copy a previous order to order faster?',
    keywords: 'copy duplicate repeat reorder same again',
    answer: `<p>Yes. Find the earlier order in the <a href="/customer-order/index">order list</a> and click <strong>Copy</strong>: the “Copy Order” page opens with the project, addresses and goods of the original order filled in.</p>
<p>Always check the <strong>batch numbers, quantities and requested delivery time</strong> again before you submit.</p>`,
  },
  'order-modify': {
    q: 'Can I change an order after submitting it?',
    keywords: 'change modify edit amend update after submit',
    answer: `<p>That depends on the order’s status:</p>
<ul>
<li><strong>Pending Review</strong>: edit it in the order details and submit it again.</li>
<li><strong>Awaiting Confirmation / Approved</strong>: click <strong>Request Change</strong> in the order details and describe the change; it applies once customer service confirms it.</li>
<li>Once <strong>picked up</strong>: the delivery address and similar details can no longer be changed online, so please call <a href="tel:{phone}">{phone}</a> straight away.</li>
</ul>`,
  },
  'cold-zone': {
    q: 'Which temperature ranges can you ship?',
    keywords: 'temperature range refrigerated frozen ambient dry ice liquid nitrogen cold chain 2-8 -20 -70',
    answer: `<p>We ship in these temperature ranges:</p>
<ul>
<li><strong>Refrigerated 2–8 °C</strong>: most biologics, vaccines and investigational medicinal products.</li>
<li><strong>Controlled ambient 15–25 °C</strong>: oral solid dosage forms and the like.</li>
<li><strong>Frozen -25 to -15 °C</strong>.</li>
<li><strong>Deep frozen ≤ -60 °C</strong>: shipped on dry ice, for cells, samples and similar.</li>
<li><strong>Cryogenic ≤ -150 °C</strong>: liquid-nitrogen dry shippers (book 3 working days ahead).</li>
</ul>
<p>Every cold-chain shipment travels with a calibrated <strong>temperature logger</strong> that records the whole journey.</p>`,
  },
  'cold-excursion': {
    q: 'What should I do if goods arrive with a temperature excursion?',
    keywords: 'excursion out of range too warm temperature alarm deviation cold chain break',
    answer: `<p>If you find a temperature excursion:</p>
<ol>
<li><strong>Quarantine, do not use</strong>: store the goods at their labelled temperature and mark them “under assessment”; do not refuse or discard them.</li>
<li>Note “temperature excursion” on the delivery receipt and take photos of the logger display and the packaging.</li>
<li>Find the order in the <a href="/customer-order/index">order list</a>; its details show the <strong>temperature curve</strong> of the shipment, which you can download.</li>
<li>Call our service line at <a href="tel:{phone}">{phone}</a> to report the excursion; we send an investigation report <strong>within 24 hours</strong>.</li>
<li>Whether the goods can still be used is decided by the sponsor or marketing authorisation holder, based on their <strong>stability data</strong>.</li>
</ol>`,
  },
  'cold-record': {
    q: 'How can I view and download the temperature records of a shipment?',
    keywords: 'temperature record curve data logger download export report',
    answer: `<p>Open the <a href="/customer-order/index">order list</a> and click the order number to see its details:</p>
<ul>
<li>The <strong>Transport Temperature</strong> tab shows the temperature curve of the whole journey, for each logger.</li>
<li>Click <strong>Download</strong> for a PDF temperature report (logger number, calibration validity, highest and lowest temperature).</li>
</ul>
<p>For orders in transit you can watch the vehicle’s temperature live. Temperature data is kept for <strong>5 years</strong> and can be retrieved at any time.</p>`,
  },
  'cold-alarm': {
    q: 'Will I be told about a temperature alarm during transport?',
    keywords: 'alarm alert notification sms text message real-time monitoring',
    answer: `<p>Yes. When the temperature nears or leaves its range in transit, our monitoring centre <strong>acts at once</strong> (adjusting the vehicle’s temperature control, adding coolant or repacking) and texts the order’s contact person within 30 minutes.</p>
<p>To add more people to these notifications, ask your account manager to set them up in the project.</p>`,
  },
  'cold-packaging': {
    q: 'Can cold-chain packaging be reused or returned?',
    keywords: 'insulated box packaging return reuse ice packs recycle shipper',
    answer: `<p>Yes. We offer <strong>reusable insulated boxes</strong>:</p>
<ul>
<li>After delivery, keep the box, ice packs and temperature logger, and <strong>do not remove the logger</strong> yourself.</li>
<li>The driver collects them at the next delivery, or you can book a collection in the order details.</li>
<li>Single-use packaging can be disposed of as ordinary packaging waste under local rules; let dry ice evaporate in a well-ventilated place.</li>
</ul>`,
  },
  'cold-dryice': {
    q: 'Are there special requirements for shipping on dry ice?',
    keywords: 'dry ice ultra-low dangerous goods hazardous -70 -80 UN1845',
    answer: `<p>Dry ice is a <strong>Class 9 dangerous good (UN1845)</strong>, so please note:</p>
<ul>
<li>When ordering, choose the temperature class “Deep Frozen ≤ −60 °C” and a dry-ice box under Packing (“Suggest Boxes” picks one by the goods’ volume); to ask for a set amount of dry ice, write it in the remark (kg).</li>
<li>The receiving place must be well ventilated; move the samples into an ultra-low freezer soon after delivery.</li>
<li>Air transport limits the weight; for long distances on dry ice, order 2 working days ahead.</li>
</ul>`,
  },
  'dtp-what': {
    q: 'What is the direct-to-patient (DTP) service?',
    keywords: 'DTP direct to patient home delivery trial participant subject',
    answer: `<p><strong>Direct-to-patient (DTP)</strong> delivery takes investigational or prescription medicines from a pharmacy or trial site straight to the patient’s (trial participant’s) home.</p>
<ul>
<li>The same cold chain and temperature monitoring as any other order.</li>
<li>The patient’s name, phone number and address are <strong>protected data</strong> and show as <strong>***</strong> in the portal.</li>
<li>We phone the patient to agree a delivery time; the delivery must be <strong>signed for by the patient</strong> or an authorised person.</li>
</ul>`,
  },
  'dtp-masked': {
    q: 'Why does a DTP order show the consignee as asterisks?',
    keywords: 'asterisks hidden masked patient name privacy data protection consignee cannot see',
    answer: `<p>To protect patients’ privacy, the <strong>patient’s name, phone number, address and the person who signed</strong> always show as asterisks in the portal for DTP orders. This is a data-protection requirement, not a fault.</p>
<ul>
<li>Masking is done on the server: exported Excel files and printed documents show asterisks as well.</li>
<li>If you really need the details (for example to handle an adverse event), the sponsor must request them in writing through its data-access process.</li>
</ul>`,
  },
  'dtp-order': {
    q: 'How do I create a direct-to-patient order?',
    keywords: 'DTP order direct to patient create home delivery',
    answer: `<ol>
<li>Open <a href="/customer-order/create">New Order</a> and choose a project that has the DTP service.</li>
<li>Choose the site pharmacy as the shipper and a <strong>patient</strong> as the consignee: enter the participant number and the portal fills in the patient from the encrypted directory.</li>
<li>Choose the delivery date; the portal shows the time slots that can be booked.</li>
<li>A submitted order is <strong>reviewed by the site pharmacist</strong>, and the delivery is scheduled once it is approved.</li>
</ol>
<p>If your project does not have the DTP service yet, please contact your account manager.</p>`,
  },
  'dtp-sign': {
    q: 'What happens if the patient is not at home to sign?',
    keywords: 'not at home sign missed delivery reschedule proxy redeliver',
    answer: `<p>The courier phones the patient first. If the patient cannot be reached or is not at home:</p>
<ul>
<li>The goods <strong>go back</strong> to the site pharmacy or our GSP warehouse and are stored at their temperature; they are never left at the door or in a parcel locker.</li>
<li>Customer service agrees a <strong>new delivery time</strong> with the site; no new order is needed.</li>
<li>Someone else may sign only with the patient’s written authorisation, and must show an ID document.</li>
</ul>`,
  },
  'dtp-return': {
    q: 'How are leftover medicines and empty packs collected from patients?',
    keywords: 'return leftover unused medicine empty packaging collection drug accountability',
    answer: `<p>Leftover investigational medicine and empty packs go back to the trial site so they can be counted:</p>
<ol>
<li>Check in the order details whether the project has the <strong>medicine return</strong> service.</li>
<li>If it does, the courier collects the leftovers from the previous delivery and records the quantities on the handover form.</li>
<li>If it does not, the patient brings them to the site at the next visit.</li>
</ol>`,
  },
  'cancel-how': {
    q: 'How do I cancel an order?',
    keywords: 'cancel cancellation withdraw revoke void order',
    answer: `<p>Select the order in the <a href="/customer-order/index">order list</a>, click <strong>Cancel Order</strong> and give a reason.</p>
<ul>
<li>Orders that are <strong>Pending Review or Awaiting Confirmation</strong> can be cancelled online straight away.</li>
<li>If a pickup is already scheduled, dispatch will try to stop it; if the vehicle has already left, an <strong>empty-run fee</strong> may apply.</li>
<li>Orders that have been <strong>picked up</strong> cannot be cancelled online: call <a href="tel:{phone}">{phone}</a> to arrange a return.</li>
</ul>`,
  },
  'cancel-cannot': {
    q: 'Why is there no Cancel button on my order?',
    keywords: 'cannot cancel button missing greyed out picked up',
    answer: `<p>The Cancel button only shows on orders that <strong>can still be cancelled</strong>. You cannot cancel online when:</p>
<ul>
<li>the order has been picked up, is in transit or is completed;</li>
<li>the order is part of a merged shipment (cancel the main order or ask customer service to split it);</li>
<li>your account has no permission to cancel orders of that project.</li>
</ul>
<p>For help, call our service line at <a href="tel:{phone}">{phone}</a>.</p>`,
  },
  'cancel-fee': {
    q: 'Is there a fee for cancelling an order?',
    keywords: 'cancellation fee charge cost empty run penalty',
    answer: `<p>Cancellation fees:</p>
<table>
<thead><tr><th>Cancelled</th><th>Fee</th></tr></thead>
<tbody>
<tr><td>Before dispatch assigns a vehicle</td><td>Free</td></tr>
<tr><td>After the vehicle has left, before it reaches the pickup point</td><td>Empty-run fee as per your contract</td></tr>
<tr><td>After pickup</td><td>The transport and return costs actually incurred</td></tr>
</tbody>
</table>
<p>The exact amounts are set by your service contract.</p>`,
  },
  'cancel-undo': {
    q: 'Can I restore an order I cancelled by mistake?',
    keywords: 'restore undo uncancel mistake reinstate reorder',
    answer: `<p>A cancelled order cannot be restored. Find it under “Cancelled” in the <a href="/customer-order/index">order list</a>, click <strong>Copy</strong> and submit it again: its details are filled in for you.</p>`,
  },
  'cancel-merge': {
    q: 'How do I cancel one order of a merged shipment?',
    keywords: 'merged shipment split sub-order partial cancel consolidated',
    answer: `<p>A merged order travels as one shipment, so <strong>its orders cannot be cancelled one by one online</strong>.</p>
<ol>
<li>Before pickup: cancel the whole merged order, then merge the orders you still need again.</li>
<li>After pickup: contact customer service, and dispatch will split the shipment on arrival.</li>
</ol>`,
  },
  'doc-upload': {
    q: 'How do I upload attachments to an order?',
    keywords: 'upload attachment file photo scan document',
    answer: `<p>Open the <a href="/customer-order/attachment">Order Attachments</a> page, or click <strong>Upload Attachment</strong> in the order details:</p>
<ul>
<li><strong>PDF, JPG and PNG</strong> files are accepted, up to <strong>10 MB</strong> each.</li>
<li>An uploaded attachment is “Pending Review”; the other party sees it once it is approved.</li>
<li>Do not upload files showing a patient’s full identity; if you must, cover those details first.</li>
</ul>`,
  },
  'doc-which': {
    q: 'Which documents travel with each shipment?',
    keywords:
      'shipping documents waybill handover form delivery receipt temperature report invoice paperwork',
    answer: `<p>The standard shipping documents are:</p>
<ul>
<li><strong>Waybill / handover form</strong>: shipper and consignee sign to confirm the quantity and condition of the goods;</li>
<li><strong>Temperature report</strong> (cold-chain goods): download it from the order details after delivery;</li>
<li><strong>Delivery receipt</strong>: signed by the consignee; the scan is uploaded within 24 hours of delivery.</li>
</ul>
<p>For investigational medicines, a <strong>medicine handover list</strong> can be provided as the project requires.</p>`,
  },
  'doc-audit': {
    q: 'What if an attachment is rejected in review?',
    keywords: 'rejected review declined attachment approval returned',
    answer: `<p>See the reviewer’s comment in <a href="/customer-order/attachment">Order Attachments</a>. Common reasons:</p>
<ol>
<li>The scan is unclear or pages are missing;</li>
<li>A signature or stamp is missing;</li>
<li>The file does not belong to the order.</li>
</ol>
<p>Fix it and <strong>upload it again</strong> to resubmit it for review; the earlier file stays in the history.</p>`,
  },
  'doc-print': {
    q: 'How do I print waybills and handover forms?',
    keywords: 'print waybill handover form label box label',
    answer: `<p>Select the orders in the <a href="/customer-order/index">order list</a>, click <strong>Print</strong> and choose the document (waybill, handover form or box label).</p>
<ul>
<li>Print handover forms on A4 paper and box labels on 100 × 100 mm thermal labels.</li>
<li>Printed DTP orders show the patient’s details as asterisks too.</li>
</ul>`,
  },
  'doc-export': {
    q: 'Can I export order data in bulk?',
    keywords: 'export excel bulk download report spreadsheet',
    answer: `<p>Yes. Set your filters in the <a href="/customer-order/index">order list</a> and click <strong>Export</strong> to get an Excel file.</p>
<p>Large exports run in the background; when one is ready, get it from your <strong>downloads</strong>. Files are kept for 7 days.</p>`,
  },
  'acc-forgot': {
    q: 'I forgot my password. What should I do?',
    keywords: 'forgot password reset recover verification code sms',
    answer: `<p>Click <strong>Forgot Password</strong> on the sign-in page:</p>
<ol>
<li>Enter your account and the mobile number linked to it, then click <strong>Get Code</strong> (once every 60 seconds).</li>
<li>Enter the text-message code (valid for 5 minutes) and your new password, and submit.</li>
</ol>
<p>If you have changed your mobile number or get no code, call our service line at <a href="tel:{phone}">{phone}</a>: we reset the password once we have confirmed who you are.</p>`,
  },
  'acc-rules': {
    q: 'What are the password requirements?',
    keywords: 'password rules policy strength weak complexity special characters',
    answer: `<p>To keep your account safe, a password must:</p>
<ul>
<li>be <strong>8 to 16 characters</strong> long, without spaces;</li>
<li>use at least 3 of <strong>upper-case letters, lower-case letters, digits and symbols</strong>;</li>
<li>not be a common, simple password (such as 12345678).</li>
</ul>
<p>If the portal says your password is weak when you sign in, change it soon under the top-right menu › <strong>Change Password</strong>.</p>`,
  },
  'acc-change': {
    q: 'How do I change my sign-in password?',
    keywords: 'change password update new password',
    answer: `<p>Click your <strong>company name</strong> at the top right › <strong>Change Password</strong>, enter your current password and the new one twice, and submit.</p>
<p>After the change you are <strong>signed out on every device</strong>; sign in again with the new password.</p>`,
  },
  'acc-locked': {
    q: 'My account is locked. What should I do?',
    keywords: 'locked frozen blocked failed sign-in cannot log in login',
    answer: `<p>After <strong>10 wrong passwords in a row</strong>, the account is locked for <strong>15 minutes</strong> and then unlocks by itself.</p>
<ul>
<li>After 3 wrong passwords, signing in also asks for a picture code (captcha).</li>
<li>If you have really forgotten the password, reset it with <strong>Forgot Password</strong> so you are not locked again.</li>
</ul>`,
  },
  'acc-switch': {
    q: 'How do I switch to another customer account?',
    keywords: 'switch customer change account multiple customers companies',
    answer: `<p>If your account is linked to several customers, pick one in the <strong>customer switcher</strong> at the top of the page; the page reloads with that customer’s data.</p>
<p>If a customer is missing from the list, ask your account manager to link it.</p>`,
  },
  'acc-elsewhere': {
    q: 'Why does it say my account has signed in somewhere else?',
    keywords: 'signed in elsewhere logged out kicked session another device browser',
    answer: `<p>An account can be <strong>signed in in one place at a time</strong>. Signing in on another computer or browser ends the earlier session, which then shows this message.</p>
<p>If it was not you, <strong>change your password</strong> at once and contact customer service.</p>`,
  },
  'inv-query': {
    q: 'How do I check drug stock?',
    keywords: 'stock inventory check on hand available balance drugs',
    answer: `<p>Open <a href="/customer-inventory/index-yp">Inventory › Drug Inventory</a>:</p>
<ul>
<li>Filter by project, warehouse, product code or <strong>batch number</strong>;</li>
<li>the list shows the available and frozen quantities and the <strong>expiry date</strong>;</li>
<li>click a quantity to see its stock movements.</li>
</ul>`,
  },
  'inv-expiry': {
    q: 'Will I be warned about drugs close to expiry?',
    keywords: 'expiry expiration expiring expired shelf life warning',
    answer: `<p>Yes. Batches that expire in less than <strong>90 days</strong> are marked orange in the inventory list, and those with less than <strong>30 days</strong> red; red batches can no longer be shipped on new orders.</p>
<p>Please ask the sponsor in good time whether to extend the expiry date or arrange destruction.</p>`,
  },
  'inv-frozen': {
    q: 'What does “frozen” stock mean?',
    keywords: 'frozen blocked on hold unavailable quarantine quality reserved',
    answer: `<p>Frozen stock is stock that <strong>cannot be shipped for now</strong>, usually because:</p>
<ul>
<li>it is reserved by an order awaiting review;</li>
<li>it is <strong>quarantined for assessment</strong> after a temperature excursion;</li>
<li>the sponsor has put it on hold (a batch recall, for example).</li>
</ul>
<p>Stock reserved by an order is released automatically when the order is cancelled; for anything else, ask customer service how it is progressing.</p>`,
  },
  'inv-short': {
    q: 'What if an order says there is not enough stock?',
    keywords: 'not enough stock insufficient shortage out of stock quantity',
    answer: `<ol>
<li>Check the <strong>available quantity</strong> of the batch (frozen stock not included) in <a href="/customer-inventory/index-yp">Drug Inventory</a>.</li>
<li>Choose another batch, or ship a smaller quantity this time.</li>
<li>To restock, ask the sponsor to arrange an inbound shipment; stock updates as soon as it is put away.</li>
</ol>`,
  },
  'inv-export': {
    q: 'How do I export an inventory report?',
    keywords: 'export inventory report excel stock count stocktake',
    answer: `<p>Set your filters on the <a href="/customer-inventory/index-yp">Drug Inventory</a> page and click <strong>Export</strong> to download the inventory as an Excel file.</p>
<p>The warehouse also produces a <strong>stock count report</strong> at the end of each month; ask your account manager for it.</p>`,
  },
  'inv-destroy': {
    q: 'How are expired or returned drugs destroyed?',
    keywords: 'destroy destruction disposal expired returned recalled scrap',
    answer: `<p>Expired, returned or recalled drugs are destroyed once the sponsor confirms it in writing:</p>
<ol>
<li>the sponsor issues a destruction authorisation;</li>
<li>the warehouse counts the goods by batch and issues a <strong>destruction list</strong>;</li>
<li>a licensed contractor destroys them and provides a certificate of destruction.</li>
</ol>`,
  },
};
